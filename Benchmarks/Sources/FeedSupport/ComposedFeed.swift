// Issue 10's feed: 10,000 Weibo-like posts as composed cells (avatar, name, badge, time, source,
// 1–8 lines of mixed Chinese/English text, 0–9 photos in a wrapping grid, a toolbar of three
// buttons), every row exact — the spec, its trees and a sizer, shared by the compute benchmarks
// and the instruction counts (`FeedInstructions`). How to run both: docs/BENCHMARKS.md.
import LayoutEngine
import SplitMix

public enum ComposedFeed {
    /// The post template (the seed's Weibo cell plus photos and a toolbar).
    public static let template = """
    {"stack": "vertical", "spacing": 10, "padding": 10, "children": [
      {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
        {"id": "avatar", "box": {"width": 40, "height": 40}},
        {"stack": "vertical", "justify": "spaceBetween", "alignment": "start", "height": 40, "children": [
          {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
            {"id": "name", "text": "$name", "textStyle": {"size": 14}, "numberOfLines": 1},
            {"id": "badge", "box": {"width": 13, "height": 13}, "hidden": "$noBadge"}]},
          {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
            {"id": "time", "text": "$time", "textStyle": {"size": 12}, "numberOfLines": 1},
            {"id": "source", "text": "$source", "textStyle": {"size": 12}, "numberOfLines": 1}]}]}]},
      {"id": "text", "text": "$text", "textStyle": {"size": 14}},
      {"id": "photos", "stack": "horizontal", "wrap": true, "spacing": 5, "hidden": "$noPhotos",
       "children": [{"repeat": "$photos", "element": {"box": {"width": 80, "height": 80}}}]},
      {"id": "toolbar", "stack": "horizontal", "justify": "spaceEvenly", "height": 30, "children": [
        {"box": {"width": 60, "height": 30}}, {"box": {"width": 60, "height": 30}}, {"box": {"width": 60, "height": 30}}]}]}
    """

    /// A feed of `count` posts at `width`, seeded (the same spec every run).
    public static func spec(count: Int, width: Double, estimated: Bool = false, seed: UInt64 = 10) throws -> LayoutSpec {
        try LayoutSpec.decode(json: json(count: count, width: width, estimated: estimated, seed: seed)).spec
    }

    /// The feed's JSON text (4.7 MB for 10,000 posts).
    public static func json(count: Int, width: Double, estimated: Bool = false, seed: UInt64 = 10) -> String {
        var rng = SplitMix64(seed: seed)
        let english = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "swift", "layout", "table", "cell",
                       "view", "text", "measure", "width", "height", "line", "break", "font"]
        let chinese = Array("今天天气很好我们一起去公园散步吧中文文本测试一二三四五六七八九十重用机制滚动流畅缓存行高")
        var rows: [String] = []
        rows.reserveCapacity(count)
        for i in 0..<count {
            var text = ""
            for _ in 0..<(12 * (1 + Int(rng.next() % 8))) {
                if rng.next() % 2 == 0 {
                    text += english[Int(rng.next() % UInt64(english.count))] + " "
                } else {
                    for _ in 0...(rng.next() % 3) { text.append(chinese[Int(rng.next() % UInt64(chinese.count))]) }
                }
            }
            let photos = Int(rng.next() % 10)
            rows.append("""
                {"template": "post", "data": {"name": "User \(i % 500)", "noBadge": \(i % 3 == 0), \
                "time": "\(i % 24):\(i % 60)", "source": "来自 iPhone", "text": "\(text)", "photos": \(photos), "noPhotos": \(photos == 0)}}
                """)
        }
        return """
            {"width": \(width), "rowHeight": "automatic", "separatorStyle": "none", \(estimated ? "\"estimatedRowHeight\": 200," : "")
             "templates": {"post": \(template)}, "sections": [{"rows": [\(rows.joined(separator: ","))]}]}
            """
    }

    /// One post's data, read back from its tree (for the hand-written peer).
    public struct Post: Sendable {
        public var name: CellText, time: CellText, source: CellText, text: CellText
        public var photos: Int
    }

    /// A tree's texts in tree order (stacks' children; the template has no other containers).
    public static func texts(of tree: CellElement) -> [CellText] {
        var texts: [CellText] = []
        func walk(_ e: CellElement) {
            switch e.kind {
            case .text(let t): texts.append(t)
            case .stack(let s): s.children.forEach(walk)
            default: break
            }
        }
        walk(tree)
        return texts
    }

    /// The posts of `trees` (the template's order: name, time, source, text; photos in child 2).
    public static func posts(_ trees: [CellElement]) -> [Post] {
        trees.compactMap { tree in
            let texts = Self.texts(of: tree)
            guard texts.count == 4, case .stack(let root) = tree.kind, root.children.count > 2,
                  case .stack(let grid) = root.children[2].kind else { return nil }
            return Post(name: texts[0], time: texts[1], source: texts[2], text: texts[3],
                        photos: root.children[2].isHidden ? 0 : grid.children.count)
        }
    }

    /// A post's row height as the seed's tutorial computes it by hand (375-pt row, 10-pt margins).
    public static func handWrittenHeight(_ p: Post, engine: TextEngine) throws -> Double {
        _ = try engine.size(of: p.name.text, style: p.name.style, width: nil)     // the name's frame
        _ = try engine.size(of: p.time.text, style: p.time.style, width: nil)     // the time's frame
        _ = try engine.size(of: p.source.text, style: p.source.style, width: nil) // the source's frame
        let text = try engine.size(of: p.text.text, style: p.text.style, width: 355).size.height
        let rows = (p.photos + 3) / 4
        let grid = rows == 0 ? 0 : 10 + Double(rows) * 80 + Double(rows - 1) * 5
        return 10 + 40 + 10 + text + grid + 10 + 30 + 10
    }

    /// Every post's tree with its styles resolved as compute resolves them (for the text-free figures).
    /// (The template's texts name inline sizes only: each becomes a TextStyle of that size at scale
    /// 2 with the element's numberOfLines, as compute resolves it for this spec.)
    public static func trees(_ spec: LayoutSpec) -> [CellElement] {
        guard case .table(let table) = spec else { return [] }
        var out: [CellElement] = []
        for run in table.sections[0].rows.runs {
            for row in run.cycle {
                guard case .layout(let l) = row.content else { continue }
                let styles = l.textStyles.map { choice -> TextStyle in
                    var style = TextStyle(size: 17, scale: PixelScale(2))
                    if case .inline(let inline)? = choice.reference, let size = inline.size { style = TextStyle(size: size, scale: PixelScale(2)) }
                    if let n = choice.numberOfLines { style.numberOfLines = n }
                    return style
                }
                var next = 0
                func walk(_ e: CellElement) -> CellElement {
                    var e = e
                    switch e.kind {
                    case .text(var t):
                        t.style = styles[next]
                        next += 1
                        e.kind = .text(t)
                    case .stack(var s):
                        s.children = s.children.map(walk)
                        e.kind = .stack(s)
                    default: break
                    }
                    return e
                }
                out.append(walk(l.root))
            }
        }
        return out
    }
}

/// A post of the estimated feed: its index in the feed's trees.
public struct FeedPost: TableContent {
    public var index: Int
    public init(index: Int) { self.index = index }
    public static var placeholder: FeedPost { FeedPost(index: -1) }
}

/// Sizes a post as a self-sizing row does: its tree's height at the content width.
public struct FeedSizer: TableSizer {
    public let trees: [CellElement]
    public let layout: CellLayout
    public init(trees: [CellElement], layout: CellLayout) {
        self.trees = trees
        self.layout = layout
    }
    public func height(for request: SizingRequest<FeedPost>) throws -> Double {
        try layout.size(of: trees[request.content.index], width: request.contentWidth).height
    }
}
