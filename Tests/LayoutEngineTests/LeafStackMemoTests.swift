import Foundation
import LayoutEngine
import Testing

/// Stacks of boxes and spacers only are laid out once per tree shape and constraints on a thread,
/// and every later tree of that shape takes the thread's layout (CellLayout's `LeafStackMemo`). The
/// Chromium corpora's trees hold such stacks with every property the generator draws (wrapping,
/// justification, alignment, grow, shrink, basis, limits, aspect ratios, padding, direction,
/// custom spacing). Each tree, at four widths, laid out on a new thread (nothing kept there: every
/// stack laid out afresh) and twice on this one (the second time from what the first kept), gives
/// the same frames and content size to the bit.
@Suite struct LeafStackMemoTests {
    static let corpora = ["corpus.jsonl", "corpus-seed12-layers.jsonl", "corpus-seed83-rtl.jsonl", "corpus-seed101-custom.jsonl"]

    /// `body`'s value, computed on a thread of its own (a new one: its kept layouts empty). (Waited
    /// for with a condition — a pthread one, which ThreadSanitizer sees: through a dispatch
    /// semaphore it did not see the thread's work end before the result was read, and reported the
    /// thread's freed memory, reused by this one, as raced.)
    func onNewThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let done = NSCondition()
        nonisolated(unsafe) var result: Result<T, any Error>?
        let thread = Thread {
            let r = Result { try body() }
            done.lock()
            result = r
            done.signal()
            done.unlock()
        }
        thread.start()
        done.lock()
        while result == nil { done.wait() }
        let r = result!
        done.unlock()
        return try r.get()
    }

    @Test(arguments: corpora)
    func keptLeafStacksLayOutAsFreshOnes(corpus: String) throws {
        // (No prepared cells: every compute lays its tree out.)
        let layouter = Layouter(preparedCellUnits: 0)
        var differing: [String] = []
        var compared = 0
        for line in try String(contentsOf: FlexCorpusTests.fixture(corpus), encoding: .utf8).split(separator: "\n") {
            guard case .object(let c) = try JSONParser.parse(String(line)), case .string(let id)? = c["id"],
                  case .number(let width)? = c["width"], let tree = c["layout"] else { continue }
            for factor in [1.0, 0.6, 1.4, 0.3] {
                let spec = JSONValue.object(JSONObject([("width", .number((width * factor).rounded())), ("scale", .number(0)),
                                                        ("separatorStyle", .string("none")), ("rowHeight", .string("automatic")),
                                                        ("rows", .array([.object(JSONObject([("layout", tree)]))]))]))
                let decoded = try LayoutSpec.decode(spec).spec
                let fresh = try onNewThread { try layouter.compute(decoded) }
                let first = try layouter.compute(decoded), again = try layouter.compute(decoded)
                compared += 1
                for r in [first, again] where r.sections[0].elements[0].frames != fresh.sections[0].elements[0].frames
                    || r.contentSize != fresh.contentSize {
                    differing.append("\(id) at \(factor)")
                }
            }
        }
        #expect(compared >= 2_000)
        #expect(differing.isEmpty, "\(differing.count) layouts differ: \(differing.prefix(10))")
    }
}
