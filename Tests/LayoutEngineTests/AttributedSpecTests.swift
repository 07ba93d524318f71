import Foundation
import LayoutGeometry
import Testing
@testable import LayoutEngine

/// Attributed text wherever a spec takes a text: a row's text block, a system cell's labels, a
/// composed cell's text leaf, a grid item, a `measure --jsonl` case. Expected sizes are the text
/// engine's own answer for the same runs (tested against arithmetic in AttributedTextTests), so
/// these check the plumbing: runs reach the engine, in the right style, at the right width.
@Suite struct AttributedSpecTests {
    static let runsJSON = """
        [{"text": "@Kenshin Cui", "font": "DejaVu Sans Bold"}, " 今天天气不错，", {"text": "#话题#", "size": 15},
         {"attachment": {"width": 18, "height": 18, "baseline": -3}}, {"text": " see https://example.com", "kern": 0.5}]
        """
    static let runs = AttributedText([
        .text("@Kenshin Cui", font: "DejaVu Sans Bold"), .text(" 今天天气不错，"), .text("#话题#", size: 15),
        .attachment(width: 18, height: 18, baseline: -3), .text(" see https://example.com", kern: 0.5),
    ])

    func size(width: Double?, size points: Double = 17) throws -> Size {
        let engine = try Layouter.shared.textEngine()
        return try engine.size(of: Self.runs, style: TextStyle(size: points, scale: PixelScale(2)), width: width).size
    }

    @Test func runsDecodeToTheSwiftValue() throws {
        let spec = try LayoutSpec.decode(json: """
            {"width": 300, "rows": [{"text": \(Self.runsJSON)}]}
            """).spec
        guard case .table(let t) = spec, case .cell(let c)? = t.sections[0].rows.element(at: 0)?.content else {
            Issue.record("expected a table row with a cell")
            return
        }
        #expect(c.attributedText == Self.runs)
        #expect(c.text == Self.runs.string)
    }

    @Test func aTextBlockRowIsAsTallAsItsRuns() throws {
        let spec = try LayoutSpec.decode(json: """
            {"width": 300, "scale": 2, "separatorStyle": "none", "rows": [
              {"height": "automatic", "text": \(Self.runsJSON), "textStyle": {"size": 17}, "insets": {"top": 10, "left": 10, "bottom": 10, "right": 10}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let text = try size(width: 280)
        #expect(text.height > 40)  // it wraps at 280
        #expect(result.sections[0].elements[0].rect.height == text.height + 20)
    }

    @Test func aComposedTextLeafTakesItsRunsSize() throws {
        let spec = try LayoutSpec.decode(json: """
            {"width": 320, "scale": 2, "separatorStyle": "none", "rows": [
              {"layout": {"stack": "vertical", "padding": 10, "alignment": "start", "children": [
                 {"id": "t", "text": \(Self.runsJSON), "textStyle": {"size": 17}}]}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let text = try size(width: 300)
        let frame = result.sections[0].elements[0].frames?.first { $0.id == "t" }?.rect
        #expect(frame == Rect(x: 10, y: 10, width: text.width, height: text.height))
    }

    @Test func aGridItemTakesItsRunsSize() throws {
        let spec = try LayoutSpec.decode(json: """
            {"kind": "grid", "width": 375, "scale": 2, "estimatedItemSize": {"width": 100, "height": 100},
             "items": [{"text": \(Self.runsJSON), "textStyle": {"size": 17}, "insets": {"top": 4, "left": 4, "bottom": 4, "right": 4}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let text = try size(width: 375 - 8)
        #expect(result.sections[0].elements[0].rect.size == Size(width: text.width + 8, height: text.height + 8))
    }

    @Test(arguments: [
        (#"{"width": 300, "rows": [{"text": [{"text": "a"}, {"text": "b", "size": -2}]}]}"#, "rows[0].text[1].size"),
        (#"{"width": 300, "rows": [{"text": [{"font": "DejaVu Sans"}]}]}"#, "rows[0].text[0]"),
        (#"{"width": 300, "rows": [{"text": [{"text": "a", "attachment": {"width": 1, "height": 1}}]}]}"#, "rows[0].text[0]"),
        (#"{"width": 300, "rows": [{"text": [{"attachment": {"width": -1, "height": 1}}]}]}"#, "rows[0].text[0].attachment.width"),
        (#"{"width": 300, "rows": [{"text": [{"text": "a", "kern": "wide"}]}]}"#, "rows[0].text[0].kern"),
        (#"{"width": 300, "rows": [{"text": 12}]}"#, "rows[0].text"),
    ])
    func badRunsNameTheirPath(json: String, path: String) {
        do {
            _ = try LayoutSpec.decode(json: json)
            Issue.record("expected an error at \(path)")
        } catch {
            #expect("\(error)".contains(path + ":"), "\(error)")
        }
    }

    /// A run's font nobody has falls back to the text style's font, with a warning at the run's
    /// path (issue 11: "a font that fontconfig cannot find: fall back, with a warning that names
    /// it"); the row is as tall as the same text with no font on that run.
    @Test func aRunsUnknownFontFallsBackWithAWarningAtItsPath() throws {
        let spec = try LayoutSpec.decode(json: #"{"width": 300, "rows": [{"height": "automatic", "text": ["a", {"text": "b", "font": "No Such Font"}]}]}"#).spec
        let result = try Layouter.shared.compute(spec)
        #expect(result.warnings.contains { $0.contains("rows[0].text[1].font: unknown font 'No Such Font'") }, "\(result.warnings)")
        let plain = try Layouter.shared.compute(LayoutSpec.decode(json: #"{"width": 300, "rows": [{"height": "automatic", "text": ["a", "b"]}]}"#).spec)
        #expect(result.sections[0].elements[0].rect == plain.sections[0].elements[0].rect)
    }

    @Test func aJSONLCaseTakesRuns() throws {
        let line = #"{"id": 7, "text": \#(Self.runsJSON), "size": 17, "width": 200, "scale": 2}"#
        let request = try MeasureRequest.decode(jsonLine: Array(line.utf8))
        #expect(request.attributedText == Self.runs)
        #expect(request.text == Self.runs.string)
        let unknown = try MeasureRequest.decode(jsonLine: Array(#"{"text": [{"text": "a", "sise": 3}]}"#.utf8))
        #expect(unknown.warnings == [#"text[0].sise: unknown field, ignored (did you mean "size"?)"#])
    }

    /// `direction` in a JSONL case; the answer carries the visual runs only for bidi text, so a
    /// left-to-right answer is byte for byte what it was.
    @Test func aJSONLCaseTakesDirectionAndAnswersRuns() throws {
        let engine = try Layouter.shared.textEngine()
        let rtl = try MeasureRequest.decode(jsonLine: Array(#"{"text": "abc שלום def", "direction": "rtl"}"#.utf8))
        #expect(rtl.style.direction == .rightToLeft)
        let answer = try engine.measure(rtl.text, style: rtl.style, width: rtl.width).jsonLine()
        #expect(answer.contains(#""direction":"rtl""#) && answer.contains(#""runs":[{"range":"#))
        let plain = try engine.measure("abc def", style: TextStyle(), width: nil).jsonLine()
        #expect(!plain.contains("runs") && !plain.contains("direction"))
        #expect(throws: MeasureRequestError.self) { try MeasureRequest.decode(jsonLine: Array(#"{"text": "x", "direction": "up"}"#.utf8)) }
    }

    /// `ComputeOptions.fontFallback` (the CLI's `--fallback system`) picks an engine whose chain
    /// continues into the system's fonts; the default engine is left as it was.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")))
    func computeCanFallBackToSystemFonts() throws {
        let layouter = Layouter()
        let style = TextStyle(size: 20)
        let bundled = try layouter.textEngine().measure("👍🏽", style: style, width: nil)
        let system = try layouter.textEngine(fallback: .system).measure("👍🏽", style: style, width: nil)
        #expect(!bundled.missingCharacters.isEmpty && system.missingCharacters.isEmpty)
        // 136/109 em (Noto Color Emoji's strike, see EmojiTests), in whole font units of 2048.
        #expect(abs(system.size.width - (136.0 / 109 * 2048).rounded() / 2048 * 20) < 1e-9)
    }

    /// A row's text with a character no font has (an emoji, with the bundled fonts only) is measured
    /// with the missing-glyph box and warned about once at its path, however many rows repeat it.
    @Test func computeWarnsOnceAboutCharactersNoFontHas() throws {
        let spec = try LayoutSpec.decode(json: #"{"width": 300, "rows": {"count": 50, "row": {"height": "automatic", "text": "a 👍🏽"}}}"#).spec
        let result = try Layouter().compute(spec)
        let missing = result.warnings.filter { $0.contains("no font in the fallback chain has U+1F44D") }
        #expect(missing.count == 1 && missing[0].hasPrefix("sections[0].rows[0].text: "), "\(result.warnings)")
        #expect(!result.warnings.contains { $0.contains("more warnings like these") })
    }

    /// The same for a composed cell's text: warned at the text's element, once for every row that
    /// shares the content.
    @Test func composedCellTextsAreCheckedForMissingCharacters() throws {
        let spec = try LayoutSpec.decode(json: #"""
        {"width": 300, "rowHeight": "automatic",
         "rows": {"count": 20, "row": {"layout": {"stack": "horizontal", "children": [{"box": {"width": 20, "height": 20}},
                                                                                      {"text": "ok 👍🏽", "id": "body"}]}}}}
        """#).spec
        let result = try Layouter().compute(spec)
        let missing = result.warnings.filter { $0.contains("no font in the fallback chain has U+1F44D") }
        #expect(missing.count == 1, "\(result.warnings)")
        #expect(missing.first?.hasPrefix("sections[0].rows[0].layout: element 1 (\"body\"): ") == true, "\(missing)")
    }
}
