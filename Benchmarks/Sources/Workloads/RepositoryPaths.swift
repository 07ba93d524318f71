import Foundation

/// Where the benchmarks find the repository's files, relative to this source file
/// (`<repo>/Benchmarks/Sources/BenchmarkSupport/RepositoryPaths.swift`), so that they work from
/// any checkout and any working directory.
public enum RepositoryPaths {
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    /// The bundled fonts (`Fonts/`), byte-identical to `shared/oracle/fonts/`.
    public static var fonts: String { root.appendingPathComponent("Fonts").path }
    public static var latinFont: String { root.appendingPathComponent("Fonts/DejaVuSans.ttf").path }
    public static var cjkFont: String { root.appendingPathComponent("Fonts/WenQuanYiMicroHei.ttf").path }

    /// The oracle corpus, committed with the tests (`Tests/TextLayoutTests/Fixtures/`, copied
    /// unchanged from `shared/oracle/corpus.jsonl`), so it exists in every checkout.
    public static var corpus: URL { root.appendingPathComponent("Tests/TextLayoutTests/Fixtures/corpus.jsonl") }
    /// Chromium's and Pango's answers per corpus case (`pango_n_lines` checks the Pango peer).
    public static var reference: URL { root.appendingPathComponent("Tests/TextLayoutTests/Fixtures/reference.jsonl") }
    /// The static limits (`Benchmarks/Thresholds/`).
    public static var thresholds: URL { root.appendingPathComponent("Benchmarks/Thresholds") }
}

/// Stops a benchmark process with a message that says what is missing or wrong (setup errors
/// are not measurements, and a benchmark run without its inputs must not look like a pass).
public func fixtureFailure(_ message: String) -> Never {
    let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "benchmark"
    FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
    exit(1)
}

/// A duration in nanoseconds.
public func nanoseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
}
