//! Error policies: what to do with ill-formed input and unmappable characters, and the counts
//! of what was done, for the one-line summary.

#![forbid(unsafe_code)]

/// What to do with input that cannot be converted as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Stop at the first problem (exit 1).
    Strict,
    /// One U+FFFD per maximal ill-formed subpart; U+FFFD or `?` for an unmappable character.
    Replace,
    /// Each ill-formed byte b becomes U+DC00+b (PEP 383); what cannot be kept is an error.
    Escape,
    /// Drop what cannot be converted, and exit 1 if anything was dropped (`-c`, `//IGNORE`).
    Discard,
}

fn plural(n: u64, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// How many problems a policy other than `strict` dealt with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Ill-formed sequences replaced or dropped.
    pub ill_formed: u64,
    /// Unmappable characters replaced or dropped.
    pub unmappable: u64,
    /// Bytes escaped to lone surrogates.
    pub escaped: u64,
    /// Unmappable characters approximated by `//TRANSLIT`.
    pub transliterated: u64,
    /// Unmappable characters `//TRANSLIT` had no approximation for, written as `?` (under
    /// strict and discard, as glibc does).
    pub unapproximated: u64,
    /// Unmappable characters written as codes (`--unmappable`).
    pub coded_chars: u64,
    /// Ill-formed bytes written as codes (`--byte-format`, `--errors backslash`).
    pub coded_bytes: u64,
    /// Unpaired surrogates passed through (`--errors surrogatepass`).
    pub passed_surrogates: u64,
}

impl Counts {
    /// Adds another input's counts.
    pub fn add(&mut self, other: Counts) {
        self.ill_formed += other.ill_formed;
        self.unmappable += other.unmappable;
        self.escaped += other.escaped;
        self.transliterated += other.transliterated;
        self.unapproximated += other.unapproximated;
        self.coded_chars += other.coded_chars;
        self.coded_bytes += other.coded_bytes;
        self.passed_surrogates += other.passed_surrogates;
    }

    /// The summary line for stderr, if anything happened.
    pub fn summary(&self, policy: Policy) -> Option<String> {
        let mut parts: Vec<String> = self.policy_summary(policy).into_iter().collect();
        let mut add = |n: u64, what: String| {
            if n > 0 {
                parts.push(what);
            }
        };
        let t = self.transliterated;
        add(t, format!("approximated {}", plural(t, "character")));
        let q = self.unapproximated;
        let (n, s) = (q, if q == 1 { "" } else { "s" });
        add(
            q,
            format!("wrote '?' for {n} character{s} with no approximation"),
        );
        let (c, b) = (self.coded_chars, self.coded_bytes);
        add(
            c,
            format!("wrote {} as codes", plural(c, "unmappable character")),
        );
        add(
            b,
            format!("wrote {} as codes", plural(b, "ill-formed byte")),
        );
        let s = self.passed_surrogates;
        add(
            s,
            format!("passed {} through", plural(s, "unpaired surrogate")),
        );
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    fn policy_summary(&self, policy: Policy) -> Option<String> {
        let verb = match policy {
            Policy::Replace => "replaced",
            Policy::Discard => "dropped",
            Policy::Escape if self.escaped > 0 => {
                return Some(format!(
                    "escaped {} to U+DC00+byte",
                    plural(self.escaped, "ill-formed byte")
                ));
            }
            Policy::Strict | Policy::Escape => return None,
        };
        let mut parts = Vec::new();
        if self.ill_formed > 0 {
            parts.push(plural(self.ill_formed, "ill-formed sequence"));
        }
        if self.unmappable > 0 {
            parts.push(plural(self.unmappable, "unmappable character"));
        }
        (!parts.is_empty()).then(|| format!("{verb} {}", parts.join(" and ")))
    }

    /// True when something was dropped or replaced.
    pub fn any(&self) -> bool {
        self.ill_formed + self.unmappable > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries() {
        let c = Counts {
            ill_formed: 2,
            unmappable: 1,
            ..Counts::default()
        };
        assert_eq!(
            c.summary(Policy::Replace).as_deref(),
            Some("replaced 2 ill-formed sequences and 1 unmappable character")
        );
        assert_eq!(Counts::default().summary(Policy::Discard), None);
        let c = Counts {
            coded_chars: 2,
            coded_bytes: 1,
            passed_surrogates: 1,
            ..Counts::default()
        };
        assert_eq!(
            c.summary(Policy::Strict).as_deref(),
            Some(
                "wrote 2 unmappable characters as codes; wrote 1 ill-formed byte as codes; \
                 passed 1 unpaired surrogate through"
            )
        );
        assert_eq!(Counts::default().summary(Policy::Strict), None);
    }
}
