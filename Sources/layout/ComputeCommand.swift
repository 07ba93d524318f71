import ArgumentParser

/// `layout compute SPEC`: table or grid geometry as JSON (owner: spec/CLI).
struct Compute: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compute a table or grid layout (placeholder).")
    func run() async throws { throw ExitCode(2) }
}
