//! Holedox Moving (POJ 1324): being written.
