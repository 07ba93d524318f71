import ArgumentParser

/// `layout report SPEC`: HTML/text/JSON report (owner: spec/CLI).
struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a layout report (placeholder).")
    func run() async throws { throw ExitCode(2) }
}
