import LayoutEngine
import Testing

/// Numbers in every JSON the engine writes (`JSONText.number`): no float noise, grid values exact.
@Suite struct NumberFormattingTests {
    @Test func noiseNextToAWholeNumberIsDropped() {
        #expect(JSONText.number(633.0000000000001) == "633")
        #expect(JSONText.number(632.9999999999999) == "633")
        #expect(JSONText.number(0.1 + 0.2) == "0.3")            // 0.30000000000000004 in Double arithmetic
        #expect(JSONText.number(44) == "44")
        #expect(JSONText.number(-12.5) == "-12.5")
    }

    @Test func pixelGridValuesPrintTheSameHoweverTheyWereSummed() {
        // 95⅓ on a 3× grid: summed as 286 thirds, or as 95 + 1/3.
        var summed = 0.0
        for _ in 0..<286 { summed += 1.0 / 3 }
        let direct = 95 + 1.0 / 3
        #expect(summed != direct)                                // the noise is real …
        #expect(JSONText.number(summed) == JSONText.number(direct))  // … and not printed
        #expect(JSONText.number(direct) == "\(95 + 1.0 / 3)")    // the Double nearest 95⅓, shortest form
    }

    @Test func textWidthsOn64thsAreUnchanged() {
        // FreeType's 26.6 units: 1906/64 pt, not near any 1/60 multiple.
        #expect(JSONText.number(1906.0 / 64) == "29.78125")
        #expect(JSONText.number(29.783203125) == "29.783203125")
        // A value 10⁻⁶ off the grid is a real value, not noise.
        #expect(JSONText.number(633.000001) == "633.000001")
    }

    @Test func hugeValuesKeepTheirDigits() {
        #expect(JSONText.number(4.4e9) == "4400000000")
        #expect(JSONText.number(1e300) == "1e+300")
    }

    /// `appendNumber` (the result writer's byte path) writes exactly `number`'s text: on quarters
    /// (its own path), on noise next to them, on other fractions and on what is not finite.
    @Test func appendedBytesAreTheNumbersText() {
        var values: [Double] = [0, -0.0, 0.25, -0.25, 0.5, 0.75, 1, -1, 44, -12.5, 53.75, 633.0000000000001, 632.9999999999999,
                                0.1 + 0.2, 1906.0 / 64, 95 + 1.0 / 3, 1e15, -1e15, 0x1p50 + 0.25, 0x1p51, 1e300, -1e-300,
                                .infinity, -.infinity, .nan, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var state: UInt64 = 7
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let r = Double(state >> 11) / Double(1 << 53)
            switch state & 3 {
            case 0: values.append(((r - 0.5) * (state & 4 == 0 ? 4e6 : 0x1p35)).rounded() / 4)  // quarters, ±10⁶ and ±2³¹
            case 1: values.append(((r - 0.5) * 2e5).rounded() / 60)               // sixtieths
            case 2: values.append((r - 0.5) * 1e4)                                // anything
            default: values.append(((r * 1e6).rounded() / 4).nextUp)              // one ulp off a quarter
            }
        }
        for v in values {
            var bytes: [UInt8] = [0x7B]  // appended after what is there
            JSONText.appendNumber(v, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "{" + JSONText.number(v), "\(v)")
        }
    }
}
