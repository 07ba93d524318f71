import Testing
import Foundation
import TestSupport
@testable import TextLayout

/// The one-pass preparation of simple text (`le_simple_words` through
/// `Preparer.prepareSimpleWords`) must give the paragraph the separate passes give —
/// `classifySimple`, `decideBreaks`, `resolveScripts`, `prepareWords` — every buffer and every
/// segment value, to the bit; and it must leave to them every text it does not take.
@Suite struct FusedPreparationTests {
    /// The simple classes' units in the bundled fonts: letters (AL), digits (NU), the space
    /// (SP), the line feed (LF), `. , : ;` (IS), `! ?` (EX), `' "` (QU), `%` (PO), ideographs (ID),
    /// `，。、」）` (CL), `「（` (OP), `：；` (NS), `…` (IN), and letters that kern (A, V, T, o).
    static let alphabet = Array("abcAVTo xyz 0123 .,:; !? '\" % 的一是中文今天 ，。、」）「（：；… \n".utf16)

    /// `count` texts of 1–120 units from `alphabet`, the first unit a letter or an ideograph (a
    /// text starting with a common unit — a digit, punctuation — is the separate passes' alone).
    static func texts(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix(seed: seed)
        let starts = Array("aAT的中".utf16)
        return (0..<count).map { _ in
            let n = Int(rng.next() % 120)
            var units = [starts[Int(rng.next() % UInt64(starts.count))]]
            units += (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            return String(decoding: units, as: UTF16.self)
        }
    }

    @Test(arguments: ["DejaVu Sans", "DejaVu Sans Bold", "WenQuanYi Micro Hei"])
    func onePassEqualsTheSeparatePasses(font: String) throws {
        let chain = try Fixtures.engine.registry.chain(for: font)
        // Two warm caches (no warm-up: the word path from the first text), each filled by its own
        // path; every text prepared twice (stored, then found).
        let fused = ShapeCache(capacity: 4_096, wordWarmUp: 0), separate = ShapeCache(capacity: 4_096, wordWarmUp: 0)
        let texts = Self.texts(count: 3_000, seed: 77) + OracleAgreementTests.cases.map(\.text)
            + ["the quick brown fox 今天天气 jumps", "Type AVATAR To. Yo-Vo", "中文文本测试 layout line break 缓存行高",
               "a\n", "two\n\nbreaks\n", "x\r\ny\rz", "50% (off)", "「引用」，然后。"]
        var wrong: [String] = []
        var taken = 0
        for t in texts + texts {
            let a = Preparer.prepare(t, chain: chain, cache: fused)
            let b = Preparer.prepare(t, chain: chain, cache: separate, fused: false)
            let d = WordCacheTests.differences(a, b)
            if !d.isEmpty && wrong.count < 5 { wrong.append("\(t.debugDescription): \(d)") }
            if Self.takes(t, chain: chain) { taken += 1 }
        }
        #expect(wrong == [])
        // The pass was taken for a good part of them (each random text starts with a strong unit;
        // the alphabet is dense in punctuation, and a text with a pair the table leaves open — a
        // space before `.`, `%` before `(` — is the separate passes'): 3,332 of the 7,364 here.
        #expect(taken > texts.count / 2)
    }

    /// Whether the one pass takes `text` (in a warm cache of its own).
    static func takes(_ text: String, chain: FontChain) -> Bool {
        let units = Preparer.utf16Units(text)
        guard !units.isEmpty else { return false }
        var p = PreparedParagraph.empty(metrics: chain.metrics)
        p.allocate(units: units.count)
        p.fixedPoint = true
        _ = units.withUnsafeBufferPointer { p.utf16.initialize(fromContentsOf: $0) }
        p.text = text
        let buf = UnsafeBufferPointer(p.utf16)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: units.count) { scripts in
            Preparer.prepareSimpleWords(&p, buf, chain: chain, cache: ShapeCache(capacity: 64, wordWarmUp: 0), scripts: scripts)
        }
    }

    @Test func theTextsItLeavesToTheSeparatePasses() throws {
        let chain = try Fixtures.engine.registry.chain(for: "DejaVu Sans")
        // Taken: plain English, Chinese, the two mixed, hard breaks, a break before a hard break.
        for t in ["hello world", "今天天气很好", "the 中文 text, ok!", "two\nlines", "\nafter a break", "a 50% cut"] {
            #expect(Self.takes(t, chain: chain), "\(t.debugDescription)")
        }
        // Left: a common unit before any strong one (its script is the first strong one's), a
        // right-to-left letter, an opening bracket after a percent sign, a unit outside the simple
        // classes (a no-break space, a hyphen), a Cyrillic letter (a script the palette names, but
        // not in the simple classes), an empty text.
        for t in ["10:24", " leading space", "שלום", "a %(b)", "no\u{00A0}break", "a-b", "привет", ""] {
            #expect(!Self.takes(t, chain: chain), "\(t.debugDescription)")
        }
    }
}
