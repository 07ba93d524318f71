import Foundation
@testable import LayoutEngine
import Testing

/// A prepared cell keeps what its first layout measured at an unbounded width (its elements'
/// intrinsic sizes) and starts every later layout from them. Whatever width the cell was prepared
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
}
