import Foundation
@testable import LayoutEngine
import Testing

/// A prepared cell keeps what its first layout after the one that prepared it measured at an
/// unbounded width (its elements' intrinsic sizes) and starts every later layout from them. Whatever width the cell was prepared
/// at, a layout at another width must be the layout a fresh solver makes there, to the bit: frames,
/// size, overflowing stacks — with frames, and sized without them. Checked on every tree of the Chromium corpora (random trees with every
/// property of the layout language), at widths narrower and wider than the one each was made for.
@Suite struct IntrinsicSizeTests {
    /// The committed corpora (each tree's layout and width).
    /// (And one tree of seed 31337's corpus, whose kept sizes once gave a framed layout other frames than a fresh one.)
    static let corpora = ["corpus.jsonl", "corpus-seed77.jsonl", "corpus-seed123.jsonl", "corpus-seed2026.jsonl",
                          "kept-seed31337-0074.jsonl"]

    static func trees(_ file: String) throws -> [(id: String, width: Double, spec: TableSpec, layout: CellLayoutSpec)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/flexbox/\(file)")
        var out: [(id: String, width: Double, spec: TableSpec, layout: CellLayoutSpec)] = []
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            guard case .object(let c) = try JSONParser.parse(String(line)), case .string(let id)? = c["id"],
                  case .number(let width)? = c["width"], let tree = c["layout"] else { continue }
            let spec = JSONValue.object(JSONObject([("width", .number(width)), ("scale", .number(0)),
                                                    ("rows", .array([.object(JSONObject([("layout", tree)]))]))]))
            guard case .table(let table) = try LayoutSpec.decode(spec).spec,
                  case .layout(let layout) = table.sections[0].rows.runs[0].cycle[0].content else { continue }
            out.append((id, width, table, layout))
        }
        return out
    }

    @Test(arguments: [CellLayout.BaselinePlacement.exact, .css])
    func laterWidthsLayOutAsAFreshSolverDoes(baselines: CellLayout.BaselinePlacement) throws {
        let layout = CellLayout(textEngine: try Layouter.shared.textEngine(), baselines: baselines)
        var compared = 0
        var differing: [String] = []
        var overflowing = 0
        for file in Self.corpora {
            for tree in try Self.trees(file) {
                let styles = tree.layout.resolvedTextStyles(scope: TextStyleScope.builtin.adding(tree.spec.textStyles),
                                                            scale: PixelScale(0))
                let widths = [tree.width, tree.width * 0.55, tree.width * 1.5, tree.width * 0.8 + 7]
                let fresh = try widths.map { w throws(CellLayoutError) in try layout.arrange(tree.layout.root, width: w, textStyles: styles) }
                // Prepared while laid out at a width (what a feed's first compute does: the tree's
                // own, then a narrower one), then laid out at every width.
                for (i, first) in widths.enumerated() where i < 2 {
                    let (cell, arrangement) = try layout.prepare(tree.layout.root, textStyles: styles, arrangingAt: first, frames: true)
                    if arrangement != fresh[i] { differing.append("\(file) \(tree.id): preparing at \(first)") }
                    for (j, w) in widths.enumerated() where try cell.arrange(width: w) != fresh[j] {
                        differing.append("\(file) \(tree.id): prepared at \(first), laid out at \(w)")
                    }
                    // Sized without frames, and only the size asked for: rows kept from the width
                    // the cell was prepared at answer other widths where they are laid out the same.
                    for (j, w) in widths.enumerated() {
                        let bare = try cell.arrangeWithoutFrames(width: w)
                        if bare.size != fresh[j].size || bare.overflows != fresh[j].overflows
                            || bare.missingCharacters != fresh[j].missingCharacters {
                            differing.append("\(file) \(tree.id): prepared at \(first), sized without frames at \(w)")
                        }
                        if try cell.size(width: w) != fresh[j].size {
                            differing.append("\(file) \(tree.id): prepared at \(first), its size at \(w)")
                        }
                    }
                    compared += 1
                }
                // Prepared without a width (its max-content layout keeps the intrinsic sizes).
                let cell = try layout.prepare(tree.layout.root, textStyles: styles)
                for (j, w) in widths.enumerated() where try cell.arrange(width: w) != fresh[j] {
                    differing.append("\(file) \(tree.id): prepared without a width, laid out at \(w)")
                }
                // Sized without frames (a row's height: settling stops at kept measurements whose
                // subtrees were found clean when the cell was prepared): the same size and overflows.
                for (j, w) in widths.enumerated() {
                    let bare = try cell.arrangeWithoutFrames(width: w)
                    if bare.size != fresh[j].size || bare.overflows != fresh[j].overflows
                        || bare.missingCharacters != fresh[j].missingCharacters {
                        differing.append("\(file) \(tree.id): sized without frames at \(w)")
                    }
                    if try cell.size(width: w) != fresh[j].size { differing.append("\(file) \(tree.id): its size at \(w)") }
                    if !fresh[j].overflows.isEmpty { overflowing += 1 }
                }
            }
        }
        #expect(compared > 3_000)
        #expect(overflowing > 100)  // (layouts with overflowing stacks, whose reports are compared)
        #expect(differing.isEmpty, "\(differing.count) layouts differ: \(differing.prefix(8))")
    }

    /// How a prepared cell's first later layout — the one that keeps its intrinsic sizes — is made.
    enum KeepingLayout: CaseIterable, Sendable { case framesNarrower, bareWider, sizeOnly }

    /// The sizes are kept by the cell's first layout after the one that prepared it, whatever it
    /// is: one with frames at a narrower width, one sized without frames at a wider width (rows
    /// kept from that width), or one asking only for the root's size. Every layout after it, at
    /// every width, is still a fresh solver's, to the bit.
    @Test(arguments: KeepingLayout.allCases)
    func whicheverLayoutKeepsTheSizesLaterOnesAreFresh(keeping: KeepingLayout) throws {
        let layout = CellLayout(textEngine: try Layouter.shared.textEngine())
        var compared = 0, kept = 0
        var differing: [String] = []
        for file in Self.corpora.prefix(2) {
            for tree in try Self.trees(file) {
                let styles = tree.layout.resolvedTextStyles(scope: TextStyleScope.builtin.adding(tree.spec.textStyles),
                                                            scale: PixelScale(0))
                let widths = [tree.width, tree.width * 0.55, tree.width * 1.5, tree.width * 0.8 + 7]
                let fresh = try widths.map { w throws(CellLayoutError) in try layout.arrange(tree.layout.root, width: w, textStyles: styles) }
                let (cell, _) = try layout.prepare(tree.layout.root, textStyles: styles, arrangingAt: widths[0], frames: false)
                if cell.keepsIntrinsicSizes { differing.append("\(file) \(tree.id): the preparing layout kept sizes") }
                switch keeping {
                case .framesNarrower: if try cell.arrange(width: widths[1]) != fresh[1] { differing.append("\(file) \(tree.id): keeping") }
                case .bareWider: if try cell.arrangeWithoutFrames(width: widths[2]).size != fresh[2].size { differing.append("\(file) \(tree.id): keeping") }
                case .sizeOnly: if try cell.size(width: widths[3]) != fresh[3].size { differing.append("\(file) \(tree.id): keeping") }
                }
                if cell.keepsIntrinsicSizes { kept += 1 }
                for (j, w) in widths.enumerated() {
                    if try cell.arrange(width: w) != fresh[j] { differing.append("\(file) \(tree.id): laid out at \(w)") }
                    let bare = try cell.arrangeWithoutFrames(width: w)
                    if bare.size != fresh[j].size || bare.overflows != fresh[j].overflows {
                        differing.append("\(file) \(tree.id): sized without frames at \(w)")
                    }
                    if try cell.size(width: w) != fresh[j].size { differing.append("\(file) \(tree.id): its size at \(w)") }
                }
                compared += 1
            }
        }
        #expect(compared > 1_000)
        #expect(kept > compared / 2)  // (a tree of boxes alone measures nothing at an unbounded width to keep)
        #expect(differing.isEmpty, "\(differing.count) layouts differ: \(differing.prefix(8))")
    }

    /// Cells prepared on one thread and first laid out again on eight at once (each keeping its
    /// sizes, one of them publishing them): every layout is the fresh solver's, and the sizes are kept.
    @Test func cellsFirstLaidOutAgainOnSeveralThreadsAtOnce() async throws {
        let layout = CellLayout(textEngine: try Layouter.shared.textEngine())
        var cases: [(cell: PreparedCell, widths: [Double], fresh: [CellArrangement])] = []
        for tree in try Self.trees(Self.corpora[0]).prefix(200) {
            let styles = tree.layout.resolvedTextStyles(scope: TextStyleScope.builtin.adding(tree.spec.textStyles),
                                                        scale: PixelScale(0))
            let widths = [tree.width * 0.55, tree.width * 1.5, tree.width * 0.8 + 7]
            let fresh = try widths.map { w throws(CellLayoutError) in try layout.arrange(tree.layout.root, width: w, textStyles: styles) }
            cases.append((try layout.prepare(tree.layout.root, textStyles: styles, arrangingAt: tree.width, frames: false).cell, widths, fresh))
        }
        let all = cases
        let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
            for t in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for c in all {
                        for k in 0..<3 {
                            let j = (k + t) % 3
                            if try c.cell.arrange(width: c.widths[j]) != c.fresh[j] { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wrong == 0)
        #expect(all.filter { $0.cell.keepsIntrinsicSizes }.count > all.count / 2)
    }
}
