// The seeded generator every benchmark's data comes from, which the feed's own target uses too.
@_exported import SplitMix
// The text workloads and the repository's paths, which the instruction counts use too.
@_exported import Workloads
