import Foundation
import LayoutEngine
import Testing

/// `Layouter`: one text engine shared across `compute` calls; caches make calls faster, never
/// different.
@Suite struct LayouterTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// A result without its phase timings (wall-clock, never equal twice).
    func geometry(_ r: ComputeResult) -> ComputeResult {
        var r = r
        r.timings = []
        return r
    }

    func feed() throws -> LayoutSpec {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("feed.json"))
        return try LayoutSpec.decode(Array(data), format: .json).spec
    }

    @Test func aUsedLayouterAnswersAsAFreshOne() throws {
        let spec = try feed()
        let used = Layouter()
        // Warm the shared engine on other text first (a different width measures other lines).
        _ = try used.compute(LayoutSpec.decode(json: """
            {"kind": "table", "width": 320, "rowHeight": "automatic", "sections": [{"rows": [{"text": "Hello 世界, a warm-up row"}]}]}
            """).spec)
        let first = geometry(try used.compute(spec))
        let again = geometry(try used.compute(spec))
        let fresh = geometry(try Layouter().compute(spec))
        #expect(first == fresh)
        #expect(again == fresh)
        // The free function is the shared layouter.
        #expect(geometry(try compute(spec)) == fresh)
    }

    @Test func callsFromSeveralTasksAgreeWithASerialOne() async throws {
        let spec = try feed()
        let serial = geometry(try Layouter().compute(spec))
        let shared = Layouter()
        let results = try await withThrowingTaskGroup(of: ComputeResult.self) { group in
            for _ in 0..<6 { group.addTask { geometry(try shared.compute(spec)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0 == serial })
    }

    @Test func theEngineIsLoadedOnceAndShared() throws {
        let layouter = Layouter()
        let a = try layouter.textEngine()
        let b = try layouter.textEngine()
        #expect(a === b)
        // A layouter given an engine measures with it.
        let given = Layouter(textEngine: a)
        #expect(try given.textEngine(fontDirectory: "/nonexistent") === a)
    }

    @Test func aMissingFontDirectoryIsAnErrorNamingIt() throws {
        let layouter = Layouter()
        let spec = try LayoutSpec.decode(json: """
            {"kind": "table", "width": 320, "rowHeight": "automatic", "sections": [{"rows": [{"text": "Hi"}]}]}
            """).spec
        #expect {
            _ = try layouter.compute(spec, options: ComputeOptions(fontDirectory: "/nonexistent-fonts"))
        } throws: { error in
            "\(error)".contains("/nonexistent-fonts")
        }
        // The bundled fonts still work on the same layouter.
        _ = try layouter.compute(spec)
    }
}
