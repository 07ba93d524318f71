import ArgumentParser

/// `layout measure`: the bounding rect and lines of a text (owner: text engine).
struct Measure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Measure text (placeholder).")
    func run() async throws { throw ExitCode(2) }
}
