/// UTF-8 ⇄ UTF-16 transcoding for `Preparer`: a paragraph's code units come straight from the
/// string's UTF-8 storage, and line texts go back the same way.
extension Preparer {
    /// The UTF-16 code units of `text`, transcoded straight from its UTF-8 storage (much faster
    /// than walking `String.UTF16View` for native strings).
    static func utf16Units(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { utf8 in
            [UInt16](unsafeUninitializedCapacity: utf16Count(utf8)) { out, written in
                transcode(utf8, into: out)
                written = out.count
            }
        }
    }

    /// How many UTF-16 code units the (valid) UTF-8 `utf8` takes.
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for b in utf8 {
            // Every byte that starts a scalar counts one unit; a 4-byte lead counts two.
            count += (b & 0xC0 != 0x80 ? 1 : 0) + (b >= 0xF0 ? 1 : 0)
        }
        return count
    }

    /// Writes the UTF-16 code units of valid UTF-8 into `out` (exactly `utf16Count(utf8)` long).
    static func transcode(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt16>) {
        var i = 0, o = 0
        let n = utf8.count
        while i < n {
            let b = utf8[i]
            if b < 0x80 {
                out[o] = UInt16(b); o += 1; i += 1
            } else if b < 0xE0 {
                out[o] = UInt16(b & 0x1F) << 6 | UInt16(utf8[i + 1] & 0x3F); o += 1; i += 2
            } else if b < 0xF0 {
                out[o] = UInt16(b & 0x0F) << 12 | UInt16(utf8[i + 1] & 0x3F) << 6 | UInt16(utf8[i + 2] & 0x3F)
                o += 1; i += 3
            } else {
                let scalar = UInt32(b & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12
                    | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
                let v = scalar - 0x10000
                out[o] = UInt16(0xD800 + (v >> 10)); out[o + 1] = UInt16(0xDC00 + (v & 0x3FF))
                o += 2; i += 4
            }
        }
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
