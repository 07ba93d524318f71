@_exported import TestSupport
import Foundation
@testable import TextLayout

/// Shared fixtures for the text tests.
enum Fixtures {
    /// The repository's Fonts/ directory.
    static let fontsDirectory: String = {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("Fonts").path
    }()

    static func font(_ file: String) -> String { (fontsDirectory as NSString).appendingPathComponent(file) }

    /// One engine on the bundled fonts for the whole test run.
    static let engine: TextEngine = {
        do { return try TextEngine(fontDirectory: fontsDirectory) } catch { fatalError("bundled fonts: \(error)") }
    }()

    /// DejaVu Sans's hhea metrics, from the oracle README §2: unitsPerEm 2048, ascender 1901, descender −483.
    static func dejaVuLineHeight(_ size: Double) -> Double { Double(1901 + 483) * size / 2048 }
    /// WenQuanYi Micro Hei's: ascender 1918, descender −483.
    static func wqyLineHeight(_ size: Double) -> Double { Double(1918 + 483) * size / 2048 }

    /// A temporary file holding `bytes`.
    static func temporaryFile(_ name: String, _ bytes: Data) -> String {
        let path = NSTemporaryDirectory() + "layoutengine-\(UUID().uuidString)-\(name)"
        FileManager.default.createFile(atPath: path, contents: bytes)
        return path
    }
}

extension TextLayoutResult {
    /// The lines' texts, for compact assertions.
    var texts: [String] { lines.map(\.text) }
}
