//! How the binary is linked: on Linux with glibc 2.36 or later, `build.rs` packs its relative
//! relocations (`DT_RELR`), which keeps about 1 MiB of relocation entries out of every
//! process (README, "Platforms").

#![cfg(all(target_os = "linux", target_env = "gnu", target_pointer_width = "64"))]

/// The version of the C library this test runs with.
fn glibc_version() -> (u32, u32) {
    // SAFETY: gnu_get_libc_version returns a pointer to a static NUL-terminated string.
    let text = unsafe { std::ffi::CStr::from_ptr(libc::gnu_get_libc_version()) };
    let text = text.to_str().expect("ASCII version");
    let mut parts = text.split('.').map(|p| p.parse::<u32>().expect("number"));
    (parts.next().expect("major"), parts.next().expect("minor"))
}

/// The tags of the dynamic section of the 64-bit little-endian ELF file `elf`.
fn dynamic_tags(elf: &[u8]) -> Vec<u64> {
    let u16_at = |at: usize| u16::from_le_bytes(elf[at..at + 2].try_into().unwrap()) as usize;
    let u32_at = |at: usize| u32::from_le_bytes(elf[at..at + 4].try_into().unwrap());
    let u64_at = |at: usize| u64::from_le_bytes(elf[at..at + 8].try_into().unwrap());
    assert_eq!(&elf[..4], b"\x7fELF");
    assert_eq!((elf[4], elf[5]), (2, 1), "64-bit little-endian");
    let (phoff, phentsize, phnum) = (u64_at(0x20) as usize, u16_at(0x36), u16_at(0x38));
    const PT_DYNAMIC: u32 = 2;
    let header = (0..phnum)
        .map(|i| phoff + i * phentsize)
        .find(|&h| u32_at(h) == PT_DYNAMIC)
        .expect("a dynamic section");
    let (offset, size) = (u64_at(header + 8) as usize, u64_at(header + 0x20) as usize);
    (offset..offset + size)
        .step_by(16)
        .map(u64_at)
        .take_while(|&tag| tag != 0)
        .collect()
}

#[test]
fn the_binary_packs_its_relative_relocations_where_glibc_reads_them() {
    if std::env::var_os("TRANSCODE_NO_RELR").is_some() || glibc_version() < (2, 36) {
        return;
    }
    const DT_RELR: u64 = 36;
    let elf = std::fs::read(env!("CARGO_BIN_EXE_transcode")).unwrap();
    let tags = dynamic_tags(&elf);
    assert!(tags.contains(&DT_RELR), "no DT_RELR among {tags:?}");
}
