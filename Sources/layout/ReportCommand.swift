import ArgumentParser
import Foundation
import LayoutEngine
import LayoutReport

/// `layout report SPEC -o OUT.html`: an HTML report (picture, tables, estimation, timings),
/// or the same data as a text summary or JSON.
struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a report of a table or grid layout: HTML (default), text or JSON.",
        discussion: """
        The HTML report is one self-contained file: an SVG picture of the layout, summary tables, \
        the estimated-vs-exact analysis and timings. --format text prints the summary; --format json the data.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html, text, json
    }

    @Argument(help: "The spec file (JSON, or YAML for .yaml/.yml), or - for standard input.")
    var spec: String

    @Option(name: .shortAndLong, help: "The output file (default: standard output).")
    var output: String?

    @Option(help: "html, text or json.")
    var format: Format = .html

    @Option(name: .customLong("input-format"), help: "Read SPEC as json or yaml whatever its name (default: by name).")
    var inputFormat: SpecFormat?

    @OptionGroup var fonts: FontOptions

    @Flag(help: "No progress line on standard error (it is shown only when standard error is a terminal).")
    var quiet = false

    @Flag(help: "Treat the spec's warnings (unknown fields, duplicate keys) as errors: exit 1.")
    var strict = false

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let progress = Progress.start("reading the spec", quiet: quiet)
        defer { progress?.stop() }
        let document = try loadSpec(spec, format: inputFormat, strict: strict)
        let decoded = clock.now
        progress?.set("laying out")
        var options = ComputeOptions(analyzesEstimation: true)
        options.drawsCells = format != .text
        fonts.apply(to: &options)
        let result = try computeOrExit(document.spec, options: options)
        let computed = clock.now
        progress?.stop()
        printWarnings(result.warnings)
        let timings = [
            TimingDocument(phase: "read and decode spec", seconds: seconds(decoded - start)),
            TimingDocument(phase: "compute (total)", seconds: seconds(computed - decoded)),
        ]
        let report = ReportDocument(spec: document.spec, result: result, title: SpecInput.title(for: spec), timings: timings)
        let text: String
        switch format {
        case .html: text = HTMLReportWriter().string(report)
        case .text: text = TextSummaryWriter().string(report)
        case .json: text = JSONWriter().string(try OrderedJSONEncoder().encode(report))
        }
        if let output {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                printError("error: cannot write \(output): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
