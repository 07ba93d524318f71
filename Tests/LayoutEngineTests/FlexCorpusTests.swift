import Foundation
import LayoutEngine
import Testing

/// Composed cells against a browser (issue 10): Tests/Fixtures/flexbox/corpus.jsonl holds random
/// layout trees and every element's frame as headless Chromium laid them out
/// (scripts/flexcorpus/generate.py, the CSS mapping of docs/CONTRACT.md "Composed cells"). The engine
/// lays each tree out in a row of the same width (no pixel rounding) and every frame must agree
/// within 0.5 pt — on the trees whose texts the text engine breaks into as many lines as Chromium
/// at the widths Chromium gave them (a line-breaking difference is the text oracle's business,
/// docs/ACCURACY.md). Chromium is needed only to regenerate the corpus.
@Suite struct FlexCorpusTests {
    /// The committed corpus (seed 10: the trees the fixes were found on), or another one
    /// (`FLEX_CORPUS_FILE`: a corpus generated with another seed).
    static let url = ProcessInfo.processInfo.environment["FLEX_CORPUS_FILE"].map { URL(fileURLWithPath: $0) }
        ?? fixture("corpus.jsonl")

    /// More corpora, each made with another seed after the fixes found on the ones before it
    /// (`generate.py --seed N`), with the trees that agree as floors: with UIKit's
    /// baselines, and with css baselines. Their first runs found the faults listed in
    /// docs/ACCURACY.md; a fix fitted to one corpus cannot quietly cost on another.
    static let heldOut: [(file: String, exact: Int, css: Int)] = [
        ("corpus-seed77.jsonl", 512, 592), ("corpus-seed123.jsonl", 511, 591), ("corpus-seed2026.jsonl", 525, 591),
        // (2026-11-28: their first runs found the ratio box with a basis, docs/ACCURACY.md.)
        ("corpus-seed4242.jsonl", 527, 592), ("corpus-seed999.jsonl", 517, 597),
        // (Texts clamped by `numberOfLines`, `generate.py --seed 11 --clamp 0.4`: its first run found
        // the clamped text's min-content width, docs/ACCURACY.md.)
        ("corpus-seed11-clamped.jsonl", 527, 595),
        // (Texts and stacks as the bases of overlay and background pairs, `--seed 12 --layers 0.3`:
        // its first runs found five rules of a pair sized as its base, docs/ACCURACY.md.)
        ("corpus-seed12-layers.jsonl", 523, 597),
        // (Texts given `"lineBreakMode": "char"`, `--seed 40 --charwrap 0.5`, rendered as
        // `line-break: anywhere`: its first run found no new rule; the three left are lines within
        // 1/32 px of their box, docs/ACCURACY.md.)
        ("corpus-seed40-charwrap.jsonl", 502, 589),
        // (Alignments by last baselines, `--seed 50 --lastbaseline 0.4`: its first run found the
        // row whose first baseline is its last-baseline group's, docs/ACCURACY.md.)
        ("corpus-seed50-lastbaseline.jsonl", 460, 598),
        // (Right-to-left elements, `--seed 83 --rtl 0.5` with every other option at 0.3. The first
        // right-to-left runs, on seeds 80 and 81, found content mirrored within an element only by
        // its own direction (not its parent's), baseline groups down a right-to-left column, and a
        // pair's layer rendered inside its base inheriting the base's direction (the generator's);
        // the five left are those the same trees give left to right, docs/ACCURACY.md.)
        ("corpus-seed83-rtl.jsonl", 484, 593),
        // (Text alignment, `--seed 92 --align 0.5 --rtl 0.3` with every other option at 0.2: its
        // first run agreed on every tree, 597 of 597 with css baselines.)
        ("corpus-seed92-align.jsonl", 491, 597),
        // (Custom spacing after a child, `--seed 101 --custom 0.5 --rtl 0.3 --layers 0.3 --align 0.3` and the
        // rest at 0.2, rendered as a margin at the child's end: the six left are the very trees that
        // disagree without the custom spacings — texts' own frames — docs/ACCURACY.md.)
        ("corpus-seed101-custom.jsonl", 503, 592),
        // (Justified texts, `--seed 110 --justify 0.6`: 2,077 justified texts in 334 trees; the two left
        // with css baselines are the very trees that disagree unjustified, docs/ACCURACY.md.)
        ("corpus-seed110-justify.jsonl", 514, 594),
    ]

    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/flexbox/" + name)
    }

    struct Outcome {
        var compared = 0
        var agreeing = 0
        var skippedForText = 0
        var disagreements: [String] = []
    }

    static func lineHeight(font: String, size: Double) -> Double {
        (font == "DejaVu Sans" ? 1901.0 + 483 : 1918.0 + 483) * size / 2048  // hhea ascender + descender, 2048 units/em
    }

    static func element(_ tree: JSONValue, at path: [Int]) -> JSONObject? {
        var node = tree
        for i in path {
            guard case .object(let o) = node else { return nil }
            if case .array(let kids)? = o["children"], i < kids.count { node = kids[i] }
            else if case .array(let pair)? = o["overlay"], i < pair.count { node = pair[i] }
            else { return nil }
        }
        if case .object(let o) = node { return o }
        return nil
    }

    static func run(baselines: String = "exact", corpus: URL = url) throws -> Outcome {
        var outcome = Outcome()
        let lines = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n")
        for line in lines {
            guard case .object(let c) = try JSONParser.parse(String(line)), case .string(let id)? = c["id"],
                  case .number(let width)? = c["width"], let tree = c["layout"],
                  case .array(let frames)? = c["frames"], case .array(let texts)? = c["texts"] else { continue }
            if let only = ProcessInfo.processInfo.environment["FLEX_CORPUS_ONLY"], !only.split(separator: ",").contains(Substring(id)) { continue }
            let spec = JSONValue.object(JSONObject([("width", .number(width)), ("scale", .number(0)), ("separatorStyle", .string("none")),
                                                    ("rowHeight", .string("automatic")), ("baselines", .string(baselines)),
                                                    ("rows", .array([.object(JSONObject([("layout", tree)]))]))]))
            let result = try Layouter.shared.compute(LayoutSpec.decode(spec).spec)
            let ours = Dictionary(uniqueKeysWithValues: (result.sections[0].elements[0].frames ?? []).map { ($0.path, $0.rect) })
            // Trees where the text engine itself breaks a text into another number of lines than
            // Chromium at the width Chromium gave it are left to the text oracle (docs/ACCURACY.md).
            var textsAgree = true
            let engine = try Layouter.shared.textEngine()
            for t in texts {
                guard case .object(let o) = t, case .array(let p)? = o["path"], case .number(let n)? = o["lines"],
                      case .number(let w)? = o["width"] else { continue }
                let path = p.compactMap { if case .number(let v) = $0 { return Int(v) } else { return nil } }
                guard let e = element(tree, at: path), case .object(let st)? = e["textStyle"], case .string(let font)? = st["font"],
                      case .number(let size)? = st["size"], case .string(let text)? = e["text"] else { continue }
                // (A text given a number of lines shows at most that many: Chromium's count is of those.)
                var style = TextStyle(font: font, size: size)
                if case .number(let limit)? = e["numberOfLines"] { style.numberOfLines = Int(limit) }
                if case .string(let mode)? = e["lineBreakMode"], let m = TextLineBreakMode(name: mode) { style.lineBreakMode = m }
                let lines = try engine.size(of: text, style: style, width: max(w, 1e-3)).lineCount
                if lines != Int(n) { textsAgree = false }
            }
            if !textsAgree { outcome.skippedForText += 1; continue }
            outcome.compared += 1
            var bad: [String] = []
            for f in frames {
                guard case .object(let o) = f, case .array(let p)? = o["path"], case .array(let r)? = o["rect"] else { continue }
                let path = p.compactMap { if case .number(let v) = $0 { return Int(v) } else { return nil } }
                let theirs = r.compactMap { if case .number(let v) = $0 { return v } else { return nil } }
                guard let mine = ours[path] else { bad.append("\(path): missing"); continue }
                let diffs = zip([mine.minX, mine.minY, mine.width, mine.height], theirs).map { abs($0 - $1) }
                if diffs.contains(where: { $0 > 0.5 }) { bad.append("\(path): ours \(mine.array) Chromium \(theirs)") }
            }
            if ours.count != frames.count { bad.append("\(ours.count) frames, Chromium \(frames.count)") }
            if bad.isEmpty { outcome.agreeing += 1 } else { outcome.disagreements.append("\(id): " + bad.prefix(3).joined(separator: "; ")) }
        }
        return outcome
    }

    /// Every tree of the corpus lays out to the same frames, to the bit, whether the layouter keeps
    /// prepared cells (a solver prepared once and laid out again) or not (a fresh solver).
    @Test func keptCellsAnswerAsFreshOnes() throws {
        let kept = Layouter(preparedCellUnits: Layouter.defaultPreparedCellUnits), fresh = Layouter(preparedCellUnits: 0)
        var differing: [String] = []
        for line in try String(contentsOf: Self.url, encoding: .utf8).split(separator: "\n") {
            guard case .object(let c) = try JSONParser.parse(String(line)), case .string(let id)? = c["id"],
                  case .number(let width)? = c["width"], let tree = c["layout"] else { continue }
            let spec = JSONValue.object(JSONObject([("width", .number(width)), ("scale", .number(0)), ("separatorStyle", .string("none")),
                                                    ("rowHeight", .string("automatic")),
                                                    ("rows", .array([.object(JSONObject([("layout", tree)]))]))]))
            let decoded = try LayoutSpec.decode(spec).spec
            let a = try kept.compute(decoded).sections[0].elements[0].frames ?? []
            let b = try fresh.compute(decoded).sections[0].elements[0].frames ?? []
            if a != b { differing.append(id) }
        }
        #expect(differing.isEmpty, "\(differing.count) trees differ: \(differing.prefix(10))")
    }

    /// A layouter that keeps prepared cells answers a later width from what it kept (the cell's
    /// intrinsic sizes, its subtrees settled at them): every tree of the corpus, computed by one
    /// such layouter at its own width, then narrower, wider, again at its own, far narrower and
    /// wider (a rotation and back, an iPad's split view), lays out at each to the same frames and
    /// content size, to the bit, as a fresh layouter laying it out at that width alone — with
    /// pixel rounding at 3× as well as without. (Run over all fourteen corpora at eight widths
    /// and scales 0, 2 and 3 on 2026-11-28: 62,408 layouts each, none differed; this test keeps
    /// the main corpus.)
    @Test(arguments: [0.0, 3.0])
    func keptCellsAnswerOtherWidthsAsFreshOnes(scale: Double) throws {
        let kept = Layouter(preparedCellUnits: Layouter.defaultPreparedCellUnits), fresh = Layouter(preparedCellUnits: 0)
        var differing: [String] = []
        var compared = 0
        for line in try String(contentsOf: Self.url, encoding: .utf8).split(separator: "\n") {
            guard case .object(let c) = try JSONParser.parse(String(line)), case .string(let id)? = c["id"],
                  case .number(let width)? = c["width"], let tree = c["layout"] else { continue }
            for factor in [1.0, 0.55, 1.45, 1.0, 0.3, 2.0] {
                let w = (width * factor).rounded()
                let spec = JSONValue.object(JSONObject([("width", .number(w)), ("scale", .number(scale)), ("separatorStyle", .string("none")),
                                                        ("rowHeight", .string("automatic")),
                                                        ("rows", .array([.object(JSONObject([("layout", tree)]))]))]))
                let decoded = try LayoutSpec.decode(spec).spec
                let a = try kept.compute(decoded), b = try fresh.compute(decoded)
                compared += 1
                if a.sections[0].elements[0].frames != b.sections[0].elements[0].frames || a.contentSize != b.contentSize {
                    differing.append("\(id) at \(w)")
                }
            }
        }
        #expect(compared > 3_000)
        #expect(differing.isEmpty, "\(differing.count) layouts differ: \(differing.prefix(10))")
    }

    /// Right to left, every tree of every corpus is its own mirror image: with its root's direction
    /// right to left (or flipped, where it gives one), every element's direction flipped, every
    /// physical padding's left and right swapped and every text alignment's left and right swapped
    /// (leading and trailing padding, and natural alignment, are left: they follow the direction),
    /// each frame is the original one reflected about the middle of the root (x ↦ W − x − w), to
    /// the bit in y and size and within 10⁻⁹ in x — except trees aligning by baselines, whose groups down a column line up their left
    /// edges either way (`RightToLeftTests.baselineGroupsDownAColumn`). The corpora made with
    /// right-to-left elements, text alignments and custom spacings (seeds 83, 92, 101) included.
    @Test func rightToLeftTreesAreMirrorImages() throws {
        func mirrored(_ v: JSONValue) -> JSONValue {
            switch v {
            case .object(let o):
                var out: [(String, JSONValue)] = []
                for (key, value) in o.members {
                    if key == "padding", case .object(let p) = value {
                        out.append((key, .object(JSONObject(p.members.map { ($0.key == "left" ? "right" : $0.key == "right" ? "left" : $0.key, $0.value) }))))
                    } else if key == "direction", case .string(let d) = value {
                        out.append((key, .string(d == "rtl" ? "ltr" : "rtl")))
                    } else if key == "textAlignment", case .string(let a) = value {
                        out.append((key, .string(a == "left" ? "right" : a == "right" ? "left" : a)))
                    } else {
                        out.append((key, mirrored(value)))
                    }
                }
                return .object(JSONObject(out))
            case .array(let items): return .array(items.map(mirrored))
            default: return v
            }
        }
        func frames(_ tree: JSONValue, width: Double) throws -> [CellFrame] {
            let spec = JSONValue.object(JSONObject([("width", .number(width)), ("scale", .number(0)), ("separatorStyle", .string("none")),
                                                    ("rowHeight", .string("automatic")),
                                                    ("rows", .array([.object(JSONObject([("layout", tree)]))]))]))
            return try Layouter.shared.compute(LayoutSpec.decode(spec).spec).sections[0].elements[0].frames ?? []
        }
        var compared = 0, differing: [String] = []
        for file in ["corpus.jsonl"] + Self.heldOut.map(\.file) {
            for line in try String(contentsOf: Self.fixture(file), encoding: .utf8).split(separator: "\n") {
                guard !line.contains("Baseline"), case .object(let c) = try JSONParser.parse(String(line)), case .string(let id)? = c["id"],
                      case .number(let width)? = c["width"], case .object(let tree)? = c["layout"] else { continue }
                var rtl = mirrored(.object(tree))
                if case .object(let o) = rtl, o["direction"] == nil {
                    rtl = .object(JSONObject(o.members.map { ($0.key, $0.value) } + [("direction", .string("rtl"))]))
                }
                let a = try frames(.object(tree), width: width), b = try frames(rtl, width: width)
                guard let root = a.first?.rect, a.count == b.count else { differing.append("\(file) \(id)"); continue }
                compared += 1
                for (f, g) in zip(a, b) {
                    let x = 2 * root.minX + root.width - f.rect.minX - f.rect.width
                    if f.path != g.path || abs(g.rect.minX - x) > 1e-9 || g.rect.minY != f.rect.minY || g.rect.size != f.rect.size {
                        differing.append("\(file) \(id) \(f.path)")
                        break
                    }
                }
            }
        }
        #expect(compared >= 3_500, "\(compared)")
        #expect(differing.isEmpty, "\(differing.count) trees differ: \(differing.prefix(10))")
    }

    /// The same corpus with `"baselines": "css"` (first baselines placed as Chromium rounds them):
    /// what is left is no longer baseline rounding (docs/ACCURACY.md lists it).
    @Test func framesAgreeWithChromiumWithItsBaselines() throws {
        let o = try Self.run(baselines: "css")
        print("flexbox corpus, css baselines: \(o.agreeing)/\(o.compared) trees agree within 0.5 pt")
        for d in o.disagreements.prefix(30) { print("  " + d) }
        #expect(o.compared >= 590)
        #expect(o.agreeing >= 591, "\(o.compared - o.agreeing) trees disagree")
    }

    @Test func corpusIsThere() throws {
        let count = try String(contentsOf: Self.url, encoding: .utf8).split(separator: "\n").count
        #expect(count >= 500)
    }

    @Test func framesAgreeWithChromium() throws {
        let o = try Self.run()
        print("flexbox corpus: \(o.agreeing)/\(o.compared) trees agree within 0.5 pt (\(o.skippedForText) left out: text lines differ)")
        for d in o.disagreements.prefix(15) { print("  " + d) }
        // FLEX_CORPUS_REPORT=file writes every disagreement (for docs/ACCURACY.md).
        if let report = ProcessInfo.processInfo.environment["FLEX_CORPUS_REPORT"] {
            try o.disagreements.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
        // The target is every compared tree; today 516 of 595 agree (docs/ACCURACY.md lists
        // the classes of disagreement left). This floor keeps what agrees from regressing.
        #expect(o.compared >= 590)
        #expect(o.agreeing >= 516, "\(o.compared - o.agreeing) trees disagree")
    }

    /// Every further corpus (`heldOut`) agrees at least as well as it did.
    @Test func heldOutTreesAgreeWithChromium() throws {
        for corpus in Self.heldOut {
            let url = Self.fixture(corpus.file)
            let exact = try Self.run(corpus: url), css = try Self.run(baselines: "css", corpus: url)
            print("\(corpus.file): \(exact.agreeing)/\(exact.compared) trees agree, \(css.agreeing) with css baselines")
            for d in css.disagreements.prefix(10) { print("  " + d) }
            #expect(exact.compared >= 590, "\(corpus.file)")
            #expect(exact.agreeing >= corpus.exact, "\(corpus.file): \(exact.compared - exact.agreeing) trees disagree")
            #expect(css.agreeing >= corpus.css, "\(corpus.file): \(css.compared - css.agreeing) trees disagree with css baselines")
        }
    }
}
