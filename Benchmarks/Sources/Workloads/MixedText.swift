import SplitMix
import TextLayout

/// Mixed Chinese/English paragraphs like a feed or a chat app shows: runs of Chinese with
/// full-width punctuation, English words, numbers and versions, with and without spaces around
/// the Latin runs. Deterministic for a seed.
public enum MixedText {
    /// The style of the mixed workload: UIKit's body size in DejaVu Sans, with the ideographs
    /// falling back to WenQuanYi Micro Hei (the fallback chain is part of what is measured).
    public static let style = TextStyle(font: "DejaVu Sans", size: 17)
    /// An iPhone's 375-pt screen minus 16-pt margins on both sides.
    public static let width = 343.0

    public static let hanzi: [Character] = Array(
        "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质"
    )
    public static let punctuation: [String] = ["，", "。", "、", "；", "：", "？", "！", "……", "「", "」", "（", "）"]
    public static let words: [String] = [
        "the", "layout", "engine", "measures", "text", "on", "FreeType", "HarfBuzz", "ICU", "Swift", "iOS",
        "UITableView", "UICollectionView", "row", "height", "cell", "width", "font", "line", "break", "is",
        "fast", "and", "exact", "for", "every", "screen", "a", "of", "to", "in", "with", "we", "update",
        "version", "build", "release", "API", "JSON", "app", "iPhone", "WiFi", "5G", "GPU", "OK", "hello",
        "world", "today", "meeting", "at", "pm", "download", "link", "photo", "video", "share", "like",
        "comment", "user", "friends", "price", "USD", "2024", "3.14", "v1.2.0", "100%", "42", "CPU",
        "open", "source", "project", "issue", "fixed", "crash", "when", "scrolling", "quickly",
    ]

    /// A paragraph of exactly `length` characters (grapheme clusters), not ending in a space.
    public static func paragraph(length: Int, using rng: inout SplitMix64) -> String {
        var out = ""
        var count = 0
        func add(_ s: String) { out += s; count += s.count }
        while count < length {
            if Int.random(in: 0..<10, using: &rng) < 6 {
                for _ in 0..<Int.random(in: 2...12, using: &rng) { add(String(hanzi.randomElement(using: &rng)!)) }
                if Int.random(in: 0..<10, using: &rng) < 3 { add(punctuation.randomElement(using: &rng)!) }
            } else {
                let spaced = Bool.random(using: &rng)
                if spaced, count > 0 { add(" ") }
                let n = Int.random(in: 1...4, using: &rng)
                add((0..<n).map { _ in words.randomElement(using: &rng)! }.joined(separator: " "))
                if spaced { add(" ") }
            }
        }
        var chars = Array(out.prefix(length))
        if chars.last == " " { chars[chars.count - 1] = "。" }
        return String(chars)
    }

    /// `count` paragraphs of 20–300 characters (uniform), from `seed`.
    public static func paragraphs(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in paragraph(length: Int.random(in: 20...300, using: &rng), using: &rng) }
    }

    /// The 1,000-paragraph workload of the issue (seed 2024).
    public static let workload: [String] = paragraphs(count: 1_000, seed: 2024)
    /// One 160-character paragraph (seed 160).
    public static let paragraph160: String = {
        var rng = SplitMix64(seed: 160)
        return paragraph(length: 160, using: &rng)
    }()

    /// One paragraph (no line breaks) of at least `utf8Bytes` bytes of UTF-8, made of workload-like
    /// sentences joined by spaces.
    public static func largeParagraph(utf8Bytes: Int, seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        var parts: [String] = []
        var bytes = 0
        while bytes < utf8Bytes {
            let p = paragraph(length: Int.random(in: 20...300, using: &rng), using: &rng)
            bytes += p.utf8.count + 1
            parts.append(p)
        }
        return parts.joined(separator: " ")
    }
}
