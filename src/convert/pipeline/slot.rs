//! A value the converter either borrows from its caller (the command line's one encoder and
//! output, shared by every input of a stream) or owns (the library's readers and writers,
//! which must hold a converter between calls without borrowing from themselves).

#![forbid(unsafe_code)]

use std::ops::{Deref, DerefMut};

/// Borrowed or owned, used the same way through `Deref`.
pub(crate) enum Slot<'a, T> {
    Borrowed(&'a mut T),
    Owned(T),
}

impl<T> Deref for Slot<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Slot::Borrowed(t) => t,
            Slot::Owned(t) => t,
        }
    }
}

impl<T> DerefMut for Slot<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        match self {
            Slot::Borrowed(t) => t,
            Slot::Owned(t) => t,
        }
    }
}
