import ArgumentParser
import Foundation
import LayoutEngine
import LayoutReport

/// `layout compute SPEC`: table or grid geometry as JSON (contract: "Result of compute").
struct Compute: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out a table or grid spec and print its geometry as JSON.",
        discussion: """
        SPEC is a JSON file, a YAML file (name ending in .yaml or .yml), or - for standard input.
        A spec that is not valid is reported with the JSON path of the value at fault \
        (sections[2].rows[14].height: must be ≥ 0) and exit status 1.
        """)

    @Argument(help: "The spec file (JSON, or YAML for .yaml/.yml), or - for standard input.")
    var spec: String

    @Flag(help: "Print only contentSize, counts, visibleRows, pinnedHeaders and queries (for huge tables).")
    var summary = false

    @Option(name: .customLong("input-format"), help: "Read SPEC as json or yaml whatever its name (default: by name).")
    var inputFormat: SpecFormat?

    @Flag(help: "Write the JSON on one line.")
    var compact = false

    @OptionGroup var fonts: FontOptions

    @Flag(help: "No progress line on standard error (it is shown only when standard error is a terminal).")
    var quiet = false

    @Flag(help: "Treat the spec's warnings (unknown fields, duplicate keys) as errors: exit 1.")
    var strict = false

    func run() async throws {
        let progress = Progress.start("reading the spec", quiet: quiet)
        defer { progress?.stop() }
        let document = try loadSpec(spec, format: inputFormat, strict: strict)
        progress?.set("laying out")
        var options = ComputeOptions(detail: summary ? .summary : .full)
        fonts.apply(to: &options)
        let result = try computeOrExit(document.spec, options: options)
        progress?.set("writing")
        progress?.stop()
        printWarnings(result.warnings)
        let style: JSONWriter.Style = compact ? .compact : .pretty()
        if summary {
            var text = JSONWriter(style: style).string(try OrderedJSONEncoder().encode(SummaryDocument(result)))
            if compact { text += "\n" }
            FileHandle.standardOutput.write(Data(text.utf8))
        } else {
            // Streamed: the full result of a million rows is written as it is formatted.
            try ResultStreamWriter(style: style).write(ResultDocument(result)) { FileHandle.standardOutput.write(Data($0.utf8)) }
            if compact { FileHandle.standardOutput.write(Data("\n".utf8)) }
        }
    }
}

extension SpecFormat: ExpressibleByArgument {}

/// Reads and decodes a spec; on failure prints `error: …` and exits with status 1.
func loadSpec(_ path: String, format: SpecFormat?, strict: Bool = false) throws -> SpecDocument {
    do {
        let document = try SpecInput.load(path: path, format: format, strict: strict)
        for warning in document.warnings { printError(warning.description) }
        return document
    } catch {
        for warning in error.warnings { printError(warning.description) }
        printError("error: \(error)")
        throw ExitCode(1)
    }
}

/// The CLI's layouter: one computation per process, so it keeps no composed cells across calls
/// (keeping them would only hold their memory until the process ends).
let cliLayouter = Layouter(preparedCellUnits: 0)

/// Runs the engine; on failure prints `error: …` and exits with status 1.
func computeOrExit(_ spec: LayoutSpec, options: ComputeOptions) throws -> ComputeResult {
    do {
        return try cliLayouter.compute(spec, options: options)
    } catch {
        printError("error: \(error)")
        throw ExitCode(1)
    }
}

func printWarnings(_ warnings: [String]) {
    for warning in warnings { printError("warning: \(warning)") }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
