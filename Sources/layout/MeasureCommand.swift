import ArgumentParser
import Foundation
import LayoutEngine
import LayoutGeometry
import TextLayout

/// `layout measure`: the bounding rect and lines of a text, or of one case per line with `--jsonl`.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure text: its size and every line (docs/CONTRACT.md).",
        discussion: """
            With --jsonl, reads one JSON case per line from standard input ({"id", "text", "font", "size", \
            "width", "lineBreakMode", "numberOfLines", ...}) and writes one result per line, in order; a bad \
            case gets {"id", "error"} and every other case is still answered. Exit status 1 if any case failed.
            """)

    @Argument(help: "The text (default: --text-file, or standard input).")
    var text: String?

    @Option(name: .long, help: "Read the text from this file.")
    var textFile: String?

    @Flag(name: .long, help: "Measure one JSON case per line of standard input.")
    var jsonl = false

    @Option(help: "A family or file stem in the fonts directory, or a font file path (x.ttc#1 for a face).")
    var font = "DejaVu Sans"

    @Option(parsing: .unconditional, help: "Font size in points.")
    var size: Double = 17

    @Option(parsing: .unconditional, help: "Available width in points (0 = unlimited).")
    var width: Double = 0

    @Option(help: "word | char | clip | truncateHead | truncateMiddle | truncateTail (truncate-tail is accepted too).")
    var lineBreakMode: TextLineBreakMode = .wordWrap

    @Option(name: .customLong("lines"), parsing: .unconditional, help: "Maximum number of lines (0 = unlimited).")
    var numberOfLines = 0

    @Option(parsing: .unconditional, help: "Extra space between lines (points).")
    var lineSpacing: Double = 0

    @Option(parsing: .unconditional, help: "Line height multiple (0 = 1).")
    var lineHeightMultiple: Double = 0

    @Option(parsing: .unconditional, help: "Extra space after each paragraph but the last (points).")
    var paragraphSpacing: Double = 0

    @Option(parsing: .unconditional, help: "Minimum line height (points, 0 = none).")
    var minimumLineHeight: Double = 0

    @Option(parsing: .unconditional, help: "Maximum line height (points, 0 = none).")
    var maximumLineHeight: Double = 0

    @Flag(help: "Leave the font's line gap out of the line height.")
    var noFontLeading = false

    @Option(parsing: .unconditional, help: "Round width and height up to 1/scale (0 = no rounding).")
    var scale: Double = 0

    @Option(name: [.customLong("fonts"), .customLong("fonts-dir")],
            help: "Directory of fonts put in front of the bundled Fonts/ (names resolve there first; fallback continues into the bundled fonts); as in `compute --fonts`.")
    var fontsDir: String?

    @Option(help: ArgumentHelp("bundled | system: after the text's font, fall back to the font directories only (bundled, the default: the same answers everywhere) or then to the system's fonts in fontconfig's order (system, as Pango does).", valueName: "fallback"))
    var fallback: FontFallback = .bundled

    @Option(help: ArgumentHelp("The text as attributed runs, in JSON: [{\"text\": \"@Kenshin\", \"font\": \"DejaVu Sans Bold\"}, {\"text\": \" hi\"}, {\"attachment\": {\"width\": 18, \"height\": 18}}] (fields as in a spec's text; docs/CONTRACT.md).", valueName: "json"))
    var runs: String?

    @Option(help: "auto | ltr | rtl: the paragraphs' base direction (auto: by the first strong character).")
    var direction: TextDirection = .auto

    @Flag(help: "With --jsonl: a case with a warning (an unknown field) is answered with an error instead (exit 1).")
    var strict = false

    func run() throws {
        let engine = try makeEngine()
        if jsonl {
            let measurer = JSONLMeasurer(engine: engine)
            measurer.strict = strict
            let ok = measurer.run(input: FileHandle.standardInput, output: FileHandle.standardOutput)
            if !ok { throw ExitCode(1) }
            return
        }
        let source: String
        var attributed: AttributedText?
        if let runs {
            guard text == nil, textFile == nil else { throw ValidationError("--runs: give the text as runs or as a string, not both") }
            // Decoded as a `--jsonl` case's `text` is, so errors name the run: "--runs: text[1].size: must be > 0".
            do {
                let request = try MeasureRequest.decode(jsonLine: Array("{\"text\": \(runs)}".utf8))
                for warning in request.warnings { FileHandle.standardError.write(Data("layout measure: --runs: \(warning)\n".utf8)) }
                attributed = request.attributedText ?? AttributedText([.text(request.text)])
                source = request.text
            } catch {
                // Columns on the first line count from the wrapper's `{"text": ` (9 characters): point into --runs instead.
                let message = "\(error)".replacing(/line 1, column (\d+)/) { "line 1, column \(max(1, (Int($0.1) ?? 10) - 9))" }
                FileHandle.standardError.write(Data("layout measure: --runs: \(message)\n".utf8))
                throw ExitCode(1)
            }
        } else if let text {
            source = text
        } else if let textFile {
            guard let data = FileManager.default.contents(atPath: textFile) else {
                throw ValidationError("--text-file: cannot read \(textFile)")
            }
            guard let s = String(data: data, encoding: .utf8) else {
                throw ValidationError("--text-file: \(textFile) is not valid UTF-8")
            }
            source = s
        } else {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let s = String(data: data, encoding: .utf8) else {
                throw ValidationError("standard input is not valid UTF-8")
            }
            source = s
        }
        let mode = lineBreakMode
        let style = TextStyle(
            font: font, size: size, lineBreakMode: mode, numberOfLines: numberOfLines,
            lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, paragraphSpacing: paragraphSpacing,
            minimumLineHeight: minimumLineHeight, maximumLineHeight: maximumLineHeight,
            fontLeading: !noFontLeading, scale: PixelScale(scale))
        var directed = style
        directed.direction = direction
        do {
            let result = try attributed.map { try engine.measure($0, style: directed, width: width) }
                ?? engine.measure(source, style: directed, width: width)
            print(result.jsonLine())
        } catch {
            FileHandle.standardError.write(Data("layout measure: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    private func makeEngine() throws -> TextEngine {
        do {
            var configuration = TextEngine.Configuration()
            configuration.fallback = fallback
            if let fontsDir { return try TextEngine.bundled(adding: fontsDir, configuration: configuration) }
            return try TextEngine.bundled(configuration: configuration)
        } catch {
            FileHandle.standardError.write(Data("layout measure: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

extension TextLineBreakMode: ExpressibleByArgument {
    /// A mode by name (`truncateTail`, or the older `truncate-tail`); a bad name is a usage error (exit 2).
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension FontFallback: ExpressibleByArgument {}

extension TextDirection: ExpressibleByArgument {}
