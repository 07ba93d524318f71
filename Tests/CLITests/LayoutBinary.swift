import Foundation
import Testing

/// Runs the built `layout` executable, found in the build products directory next to the test
/// bundle (the same directory `swift build` puts it in).
struct LayoutBinary {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable, or nil when it has not been built.
    static let url: URL? = {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("layout"))
        candidates.append(bundle.appendingPathComponent("layout"))
        if let argument = CommandLine.arguments.first {
            let runner = URL(fileURLWithPath: argument).resolvingSymlinksInPath()
            candidates.append(runner.deletingLastPathComponent().appendingPathComponent("layout"))
            candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("layout"))
        }
        for test in Bundle.allBundles where test.bundlePath.hasSuffix(".xctest") {
            candidates.append(test.bundleURL.deletingLastPathComponent().appendingPathComponent("layout"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `layout arguments…` with `input` on standard input.
    static func run(_ arguments: [String], input: String? = nil) throws -> Output {
        let executable = try #require(url, "the layout executable was not found next to the test bundle")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        // Input is written, and standard error read, on threads of their own while standard
        // output is read here: a process that answers while it reads (measure --jsonl) would
        // otherwise fill one pipe while this side waits on another.
        let writer = Thread {
            if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
            try? inPipe.fileHandleForWriting.close()
        }
        writer.start()
        let stderrBox = DataBox()
        let errorReader = Thread { stderrBox.finish(err.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = stderrBox.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs a shell script (`/bin/sh -c script sh arguments…`), with no standard input.
    static func runShell(_ script: String, arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderrBox = DataBox()
        let errorReader = Thread { stderrBox.finish(err.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = stderrBox.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Writes `text` to a temporary file named `name` and returns its path.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layout-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The repository's Examples/ directory.
    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
    }
}

/// Data handed from one thread to another once.
private final class DataBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func finish(_ value: Data) {
        condition.lock()
        data = value
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
