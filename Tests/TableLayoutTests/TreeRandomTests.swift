import LayoutGeometry
import Testing
@testable import TableLayout

/// The offset tree against a plain array, under seeded random operations.
@Suite struct TreeRandomTests {
    struct Model {
        var heights: [Double] = []
        var states: [ElementState] = []
        var ids: [Int] = []
    }

    func check(_ tree: ElementTree<Int>, _ m: Model, _ rng: inout SeededRandom) {
        #expect(tree.invariantViolation() == nil)
        #expect(tree.count == m.heights.count)
        #expect(tree.buffer(in: 0..<tree.count).contents == m.ids)
        let total = m.heights.reduce(0, +)
        #expect(abs(tree.height - total) < 1e-6)
        guard !m.heights.isEmpty else { return }
        for _ in 0..<20 {
            let i = Int.random(in: 0...m.heights.count, using: &rng)
            let p = tree.prefix(before: i)
            #expect(abs(p.height - m.heights[..<i].reduce(0, +)) < 1e-6)
            #expect(p.sections == m.states[..<i].filter(\.isHeader).count)
            #expect(p.exact == m.states[..<i].filter(\.isExact).count)
            let y = Double.random(in: 0..<total, using: &rng)
            if let hit = tree.element(atOffset: y) {
                let start = m.heights[..<hit.index].reduce(0, +)
                #expect(abs(hit.start - start) < 1e-6)
                #expect(y >= start - 1e-9 && y < start + m.heights[hit.index] + 1e-9)
            } else {
                Issue.record("no element at \(y) of \(total)")
            }
        }
        let headers = m.states.indices.filter { m.states[$0].isHeader }
        for (s, index) in headers.enumerated().prefix(10) { #expect(tree.headerIndex(ofSection: s) == index) }
        #expect(tree.headerIndex(ofSection: headers.count) == m.heights.count)
        let inexact = m.states.indices.filter { !m.states[$0].isExact }
        #expect(tree.inexactIndices(in: 0..<m.heights.count) == inexact)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomOperations(seed: UInt64) {
        randomOperations(seed: seed, fromRuns: false)
    }

    /// The same, starting from a bulk build out of long runs, whose identical leaves are shared
    /// between parents: every mutation must give the position it changes its own copy.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomOperationsOnSharedLeaves(seed: UInt64) {
        randomOperations(seed: seed, fromRuns: true)
    }

    func randomOperations(seed: UInt64, fromRuns: Bool) {
        var rng = SeededRandom(seed: seed)
        var m = Model()
        var nextID = 0
        func make(_ n: Int, _ rng: inout SeededRandom) -> ElementBuffer<Int> {
            var b = ElementBuffer<Int>()
            for _ in 0..<n {
                let kind: ElementState.Kind = [.row, .row, .row, .header, .footer].randomElement(using: &rng)!
                b.append(height: Double(Int.random(in: 0...100, using: &rng)) / 4,
                         state: ElementState(kind: kind, exact: Bool.random(using: &rng), selfSizing: true),
                         content: nextID)
                nextID += 1
            }
            return b
        }
        var tree: ElementTree<Int>
        if fromRuns {
            var runs: [ElementTree<Int>.Run] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let count = [0, 1, 2, 300, 2000, 6000].randomElement(using: &rng)!
                let kind: ElementState.Kind = [.row, .row, .header, .footer].randomElement(using: &rng)!
                let run = ElementTree<Int>.Run(count: count, height: Double(Int.random(in: 0...100, using: &rng)) / 4,
                                               state: ElementState(kind: kind, exact: Bool.random(using: &rng), selfSizing: true),
                                               content: nextID)
                nextID += 1
                runs.append(run)
                m.heights += Array(repeating: run.height, count: count)
                m.states += Array(repeating: run.state, count: count)
                m.ids += Array(repeating: run.content, count: count)
            }
            tree = ElementTree<Int>(runs: runs)
        } else {
            let initial = make(Int.random(in: 0...2000, using: &rng), &rng)
            tree = ElementTree<Int>(buffer: initial)
            m.heights = initial.heights; m.states = initial.states; m.ids = initial.contents
        }
        check(tree, m, &rng)
        for step in 0..<300 {
            let snapshot = tree  // path copying: the snapshot must never change
            let snapshotIDs = m.ids
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let n = [1, 1, 5, 300, 700].randomElement(using: &rng)!
                let at = Int.random(in: 0...m.ids.count, using: &rng)
                let b = make(n, &rng)
                tree.insert(b, at: at)
                m.heights.insert(contentsOf: b.heights, at: at); m.states.insert(contentsOf: b.states, at: at)
                m.ids.insert(contentsOf: b.contents, at: at)
            case 1, 2:
                guard !m.ids.isEmpty else { continue }
                let lo = Int.random(in: 0..<m.ids.count, using: &rng)
                let n = Swift.min([1, 2, 50, 600].randomElement(using: &rng)!, m.ids.count - lo)
                tree.remove(lo..<lo + n)
                m.heights.removeSubrange(lo..<lo + n); m.states.removeSubrange(lo..<lo + n)
                m.ids.removeSubrange(lo..<lo + n)
            default:
                guard !m.ids.isEmpty else { continue }
                let i = Int.random(in: 0..<m.ids.count, using: &rng)
                let h = Double(Int.random(in: 0...200, using: &rng)) / 3
                let st = m.states[i].with(exact: true)
                tree.set(i, height: h, state: st)
                m.heights[i] = h; m.states[i] = st
            }
            #expect(snapshot.buffer(in: 0..<snapshot.count).contents == snapshotIDs)
            if step % 10 == 0 { check(tree, m, &rng) }
        }
        check(tree, m, &rng)
    }

    @Test func bulkBuildFromRunsIsBalanced() {
        let runs: [ElementTree<Int>.Run] = [
            .init(count: 1, height: 20, state: ElementState(kind: .header, exact: true, selfSizing: false), content: 0),
            .init(count: 100_000, height: 44, state: ElementState(kind: .row, exact: false, selfSizing: true), content: 1),
            .init(count: 1, height: 20, state: ElementState(kind: .footer, exact: true, selfSizing: false), content: 2),
        ]
        let tree = ElementTree(runs: runs)
        #expect(tree.invariantViolation() == nil)
        #expect(tree.count == 100_002)
        #expect(tree.height == 20 + 100_000 * 44 + 20)
        #expect(tree.summary.exact == 2)
        #expect(tree.root.depth <= 3)
        #expect(tree.element(atOffset: 20 + 44 * 500 + 1)?.index == 1 + 500)
    }
}
