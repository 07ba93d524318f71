import Foundation
import Testing
@testable import TextLayout

/// Bounded caches (issue 12): a million distinct words streamed through one engine leave its
/// caches at their limits and the process's resident memory flat once they are full.
struct MemoryBoundTests {
    /// Resident memory of this process in KB (Linux /proc), or nil elsewhere.
    static func residentKB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    @Test func aMillionDistinctWordsKeepMemoryFlat() throws {
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory,
                                    configuration: .init(shapeCacheEntries: 4_096, paragraphCacheUnits: 65_536))
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        var afterFill = 0
        for i in 0..<1_000_000 {
            // Distinct words: "w" and the number in base 36 (w0 … wlfls).
            _ = try engine.size(of: "w" + String(i, radix: 36), style: style, width: 100)
            if i == 200_000 { afterFill = Self.residentKB() ?? 0 }
        }
        let s = engine.cacheStatistics
        // Two generations of 4,096 shaped words (16 shards, rounded up) and of 65,536 code units.
        #expect(s.shapedRuns <= 2 * 4_096 + 16)
        #expect(s.paragraphs * 6 <= 2 * 65_536 + 64)
        if let end = Self.residentKB(), afterFill > 0 {
            // 800,000 more distinct words once the caches are full: resident memory grows by less
            // than 16 MB (allocator noise), where an unbounded cache would add over 100 MB.
            #expect(end - afterFill < 16_384, "resident \(afterFill) KB → \(end) KB")
        }
    }
}
