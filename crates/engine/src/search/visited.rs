//! Visited sets: a hash set for any state, a dense bitset for packed ones.

use std::hash::Hash;

use rustc_hash::FxHashSet;

/// A set of seen states. `insert` returns true when the state is new.
pub trait Visited<S> {
    fn insert(&mut self, state: &S) -> bool;
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Any hashable state, stored by value.
#[derive(Debug)]
pub struct HashVisited<S> {
    set: FxHashSet<S>,
}

impl<S> Default for HashVisited<S> {
    fn default() -> Self {
        HashVisited {
            set: FxHashSet::default(),
        }
    }
}

impl<S: Hash + Eq + Clone> Visited<S> for HashVisited<S> {
    fn insert(&mut self, state: &S) -> bool {
        if self.set.contains(state) {
            false
        } else {
            self.set.insert(state.clone());
            true
        }
    }

    fn len(&self) -> usize {
        self.set.len()
    }
}

/// One bit per possible state, addressed by a key function into
/// `0..capacity`. Eight states per byte: a 20×20 snake of length 8 has
/// 400 · 4⁷ ≈ 6.5 million packed states, under a megabyte of bits.
pub struct DenseVisited<F> {
    bits: Vec<u64>,
    key: F,
    count: usize,
}

impl<F> DenseVisited<F> {
    /// `key` must map every state into `0..capacity`.
    pub fn new(capacity: usize, key: F) -> DenseVisited<F> {
        DenseVisited {
            bits: vec![0; capacity.div_ceil(64)],
            key,
            count: 0,
        }
    }

    /// Bytes held by the bitset.
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8
    }
}

impl<S, F: Fn(&S) -> usize> Visited<S> for DenseVisited<F> {
    #[inline]
    fn insert(&mut self, state: &S) -> bool {
        let k = (self.key)(state);
        let (w, b) = (k / 64, 1u64 << (k % 64));
        let fresh = self.bits[w] & b == 0;
        self.bits[w] |= b;
        self.count += fresh as usize;
        fresh
    }

    fn len(&self) -> usize {
        self.count
    }
}
