import Foundation
import Testing
@testable import TextLayout

/// Bounded caches (issue 12): 200,000 distinct words streamed through one engine leave its
/// caches at their limits (the process's resident memory is checked in a process of its own:
/// CLITests' MemoryCeilingTests — here other tests allocate beside this one).
struct MemoryBoundTests {
    @Test func distinctWordsKeepTheCachesAtTheirBounds() throws {
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory,
                                    configuration: .init(shapeCacheEntries: 4_096, paragraphCacheUnits: 65_536))
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        for i in 0..<200_000 {
            // Distinct words: "w" and the number in base 36 (w0 … wlfls).
            _ = try engine.size(of: "w" + String(i, radix: 36), style: style, width: 100)
        }
        let s = engine.cacheStatistics
        // Two generations of 4,096 shaped words (16 shards, rounded up) and of 65,536 code units.
        #expect(s.shapedRuns <= 2 * 4_096 + 16)
        #expect(s.paragraphs * 6 <= 2 * 65_536 + 64)
    }
}
