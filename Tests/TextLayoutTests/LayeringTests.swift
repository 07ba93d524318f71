import Foundation
import Testing

/// The text layer's split (issue 13): `Engine/` holds the algorithms and calls no C; only
/// `Backend/` (fonts, FreeType, HarfBuzz, ICU, fontconfig, the C kernels) imports a C module, and
/// always as `internal import`, so no C type can reach the public API (the compiler checks that).
struct LayeringTests {
    static let sources: URL = {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("Sources/TextLayout")
    }()

    static let cModules = ["CFreeType", "CHarfBuzz", "CICUShim", "CFontconfig", "CTextKernels"]

    static func imports(_ folder: String) throws -> [(file: String, line: String)] {
        let dir = sources.appendingPathComponent(folder)
        var out: [(String, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where cModules.contains(where: { line.hasSuffix("import \($0)") }) {
                out.append((name, String(line)))
            }
        }
        return out
    }

    @Test func engineCallsNoC() throws {
        #expect(try Self.imports("Engine").map(\.file) == [])
    }

    @Test func backendImportsCInternally() throws {
        let backend = try Self.imports("Backend")
        #expect(!backend.isEmpty)
        #expect(backend.filter { !$0.line.hasPrefix("internal import ") }.map(\.file) == [])
    }
}
