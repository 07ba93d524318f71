// The seeded generator every benchmark's data comes from, which the feed's own target uses too.
@_exported import SplitMix
