/// A hash of an object's address for a dictionary keyed by objects (a `Hashable` key's
/// `_rawHashValue(seed:)`): the address mixed with the table's seed. A feed's build and sizing look
/// one such key up per row, and SipHash of one word was a tenth of that. Also picks a cache's
/// shard (seed 0): objects of one size lie a fixed stride apart, so the address's low bits alone
/// would leave shards empty.
@inline(__always)
func mixedAddressHash(_ address: UInt, seed: Int) -> Int {
    var h = (UInt64(address) ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15
    h ^= h >> 32
    return Int(truncatingIfNeeded: h)
}
