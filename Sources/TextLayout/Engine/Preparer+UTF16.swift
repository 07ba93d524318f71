/// UTF-8 ⇄ UTF-16 transcoding for `Preparer`: a paragraph's code units come straight from the
/// string's UTF-8 storage, and line texts go back the same way.
extension Preparer {
    /// The UTF-16 code units of `text`, transcoded straight from its UTF-8 storage (much faster
    /// than walking `String.UTF16View` for native strings).
    static func utf16Units(_ text: String) -> [UInt16] {
        // (Not for an empty text: `Array(unsafeUninitializedCapacity: 0)` writes the count of the
        // standard library's one shared empty array, a data race between threads.)
        guard !text.isEmpty else { return [] }
        var text = text
        return text.withUTF8 { utf8 in
            [UInt16](unsafeUninitializedCapacity: utf16Count(utf8)) { out, written in
                transcode(utf8, into: out)
                written = out.count
            }
        }
    }

    /// How many UTF-16 code units the (valid) UTF-8 `utf8` takes (`UTF8Kernel`).
    @inline(__always)
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int { UTF8Kernel.utf16Count(utf8) }

    /// Writes the UTF-16 code units of valid UTF-8 into `out` (exactly `utf16Count(utf8)` long;
    /// `UTF8Kernel`).
    @inline(__always)
    static func transcode(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt16>) {
        UTF8Kernel.transcode(utf8, into: out)
    }

    /// The string of well-formed UTF-16 code units (as `utf16Units` makes them), transcoded to
    /// UTF-8 directly (much faster than `String(decoding:as:)`); a lone surrogate becomes U+FFFD.
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        let n = units.count
        guard n > 0 else { return "" }
        return String(unsafeUninitializedCapacity: 3 * n) { out in
            var o = 0, i = 0
            while i < n {
                let u = units[i]
                if u < 0x80 {
                    out[o] = UInt8(u); o += 1; i += 1
                } else if u < 0x800 {
                    out[o] = 0xC0 | UInt8(u >> 6); out[o + 1] = 0x80 | UInt8(u & 0x3F); o += 2; i += 1
                } else if u & 0xFC00 == 0xD800, i + 1 < n, units[i + 1] & 0xFC00 == 0xDC00 {
                    let scalar = 0x10000 + (UInt32(u & 0x3FF) << 10 | UInt32(units[i + 1] & 0x3FF))
                    out[o] = 0xF0 | UInt8(scalar >> 18)
                    out[o + 1] = 0x80 | UInt8((scalar >> 12) & 0x3F)
                    out[o + 2] = 0x80 | UInt8((scalar >> 6) & 0x3F)
                    out[o + 3] = 0x80 | UInt8(scalar & 0x3F)
                    o += 4; i += 2
                } else {
                    let v = u & 0xF800 == 0xD800 ? 0xFFFD : u
                    out[o] = 0xE0 | UInt8(v >> 12); out[o + 1] = 0x80 | UInt8((v >> 6) & 0x3F); out[o + 2] = 0x80 | UInt8(v & 0x3F)
                    o += 3; i += 1
                }
            }
            return o
        }
    }
}
