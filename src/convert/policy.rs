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
}

impl Counts {
    /// Adds another input's counts.
    pub fn add(&mut self, other: Counts) {
        self.ill_formed += other.ill_formed;
        self.unmappable += other.unmappable;
        self.escaped += other.escaped;
        self.transliterated += other.transliterated;
    }

    /// The summary line for stderr, if anything happened.
    pub fn summary(&self, policy: Policy) -> Option<String> {
        let main = self.policy_summary(policy);
        let translit = (self.transliterated > 0)
            .then(|| format!("approximated {}", plural(self.transliterated, "character")));
        match (main, translit) {
            (Some(m), Some(t)) => Some(format!("{m}; {t}")),
            (m, t) => m.or(t),
        }
    }

    fn policy_summary(&self, policy: Policy) -> Option<String> {
        let verb = match policy {
            Policy::Replace => "replaced",
            Policy::Strict => "wrote '?' for",
            Policy::Discard => "dropped",
            Policy::Escape if self.escaped > 0 => {
                return Some(format!(
                    "escaped {} to U+DC00+byte",
                    plural(self.escaped, "ill-formed byte")
                ));
            }
            _ => return None,
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
        assert_eq!(Counts::default().summary(Policy::Strict), None);
    }
}
