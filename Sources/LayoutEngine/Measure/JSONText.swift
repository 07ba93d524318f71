import Foundation

/// Small helpers for writing JSON text by hand: fast, with a stable key order and numbers
/// written as the contract shows them (44, not 44.0).
public enum JSONText {
    /// `value` as a JSON number: whole numbers without a fraction, others in the shortest form
    /// that reads back to the same Double; NaN and infinities (never produced) as null.
    ///
    /// Arithmetic noise is left out: a value within 10⁻⁹ pt (relative 10⁻¹⁴ for huge values) of a
    /// multiple of 1/60 pt — every pixel grid from 1× to 6× — is written as that multiple, so
    /// `633.0000000000001` prints `633` and 95⅓ on a 3× grid prints as the Double nearest 95⅓
    /// however it was summed. Text widths (multiples of 1/64 pt, FreeType's 26.6 units) are never
    /// that close to a sixtieth unless they are one, so they print unchanged.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let v = gridSnapped(value)
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// `value` moved onto the 1/60-pt grid when it is within arithmetic noise of it.
    static func gridSnapped(_ value: Double) -> Double {
        let scaled = value * 60
        guard abs(scaled) < 1e15 else { return value }
        let nearest = scaled.rounded()
        let tolerance = max(6e-8, abs(scaled) * 1e-14)
        guard scaled != nearest, abs(scaled - nearest) <= tolerance else { return value }
        return nearest / 60
    }

    /// The UTF-8 bytes of `number(value)` appended to `out` — for a whole number or a multiple
    /// of ¼ (every frame at 1×, 2× and 4×) without making a `String`, which writing a feed's
    /// 200,000 frames spent most of its time on.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        let v = value.isFinite ? gridSnapped(value) : value
        let quarters = v * 4  // exact: a power of two
        // Below 2³¹ the spacing of doubles is under 10⁻⁶, so ".25", ".5" and ".75" are the
        // shortest forms that read back (a shorter one is another double), as `number` writes them.
        guard quarters == quarters.rounded(), Swift.abs(v) < 0x1p31 else {
            out.append(contentsOf: number(value).utf8)
            return
        }
        var n = Int64(quarters)
        if n < 0 {
            out.append(0x2D)  // "-"
            n = -n
        }
        var whole = n >> 2
        let first = out.count
        repeat {
            out.append(0x30 + UInt8(whole % 10))
            whole /= 10
        } while whole > 0
        out[first...].reverse()
        switch n & 3 {
        case 1: out.append(contentsOf: [0x2E, 0x32, 0x35])  // ".25"
        case 2: out.append(contentsOf: [0x2E, 0x35])  // ".5"
        case 3: out.append(contentsOf: [0x2E, 0x37, 0x35])  // ".75"
        default: break
        }
    }

    /// `s` as a JSON string literal.
    public static func string(_ s: String) -> String {
        // Most strings need no escape: one pass over the bytes decides, and they are copied whole.
        var plain = true
        var previous: (UInt8, UInt8) = (0, 0)
        for b in s.utf8 {
            if b < 0x20 || b == 0x22 || b == 0x5C || (previous == (0xE2, 0x80) && (b == 0xA8 || b == 0xA9)) {
                plain = false
                break
            }
            previous = (previous.1, b)
        }
        if plain { return "\"" + s + "\"" }
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029:
                out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
