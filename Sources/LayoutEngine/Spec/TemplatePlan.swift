import CellLayout
import Synchronization
import TextLayout

/// A layout template decoded once, so that each row using it costs its bindings rather than a
/// decoding of the whole template.
///
/// Decoding a templated row the direct way substitutes the row's data into the template's JSON
/// and decodes the result — every element's keys checked, every path built — which cost 90–150 µs
/// a row for the issue-10 post (a 10,000-post feed took 0.9–1.5 s to decode and about 0.2 s to
/// lay out). A plan decodes the template once: every subtree without a binding becomes its element;
/// every element with a binding (or above one) becomes a prototype — decoded with a valid stand-in
/// for each binding by the same decoder, so everything not bound is checked exactly as before —
/// and a list of where each binding goes. A row then checks each bound value's type and range and
/// writes it in.
///
/// The plan never decides anything the direct way would decide differently. Where a value would
/// be an error, or would not be a plain value (a `null`, an attributed text), or the elements
/// would pass the limit, `instantiate` gives up and the row is decoded the direct way, which
/// throws or decodes as it always did. Bindings the plan does not follow (a padding of edges, an
/// axis, a text style or a text's own `numberOfLines`, anything inside a table or grid), and a
/// template that warns as it decodes, make the template unplanned: every row of it is decoded
/// the direct way.
/// `TemplatePlanTests` compares both ways.
struct TemplatePlan {
    /// An element of the template.
    indirect enum Piece {
        /// A subtree without bindings: decoded once, with its texts' style choices and its
        /// number of elements.
        case fixed(CellElement, texts: [CellLayoutSpec.TextStyleChoice], count: Int)
        /// An element with a binding on it or below it.
        case bound(Bound)
    }

    /// An element with bindings: its prototype (decoded with stand-ins; a stack without its
    /// children, an overlay or background with two spacers), what each binding sets, and its
    /// children. (A class: read once per row, a struct was copied out of the enum, a retain and
    /// a release of each of its parts.)
    final class Bound {
        let prototype: CellElement
        /// A text element's style choice (its place in the tree's text order is its own).
        let text: CellLayoutSpec.TextStyleChoice?
        let patches: [Patch]
        /// A stack's children, or an overlay's or background's base and layer.
        let children: [Child]

        init(prototype: CellElement, text: CellLayoutSpec.TextStyleChoice?, patches: [Patch], children: [Child]) {
            self.prototype = prototype
            self.text = text
            self.patches = patches
            self.children = children
        }
    }

    /// A stack child, or a repeat of one.
    enum Child {
        case one(Piece)
        /// `{"repeat": n, "element": …}`: `times` written, or bound (`slot`, a place in `names`).
        case repeated(times: Int?, slot: Int?, element: Piece)
    }

    /// Where a binding goes.
    enum Site {
        case text, hidden, id
        case width, height, minWidth, maxWidth, minHeight, maxHeight, basis, grow, shrink
        case spacing, alignment, justify, wrap
        /// `padding` as one number (the same on every side; an object of edges is not followed).
        case padding
        case alignSelf
        /// A box's own `width` and `height`: `assigns` is false when the element's `width`
        /// (`height`) is written too, which the decoder applies after the box's.
        case boxWidth(assigns: Bool), boxHeight(assigns: Bool)
        case aspectRatio
        /// `direction`, `spacingAfter`, and a text's `textAlignment`.
        case direction, spacingAfter, textAlignment
    }

    struct Patch {
        /// The binding's place in `names` (and in the values `instantiate` is given).
        var slot: Int
        var site: Site
    }

    let root: Piece
    /// Whether every row's texts are the same list of style choices (no text inside a repeat
    /// whose count is bound): the list's identity is then looked up once per template.
    let fixedTexts: Bool
    /// Every name the template binds (`"$name"` anywhere in it), in the order first written: a
    /// row's values are given in this order, and data that binds none of them is warned about.
    let names: [String]
    /// The slots whose values shape a row's tree — every one bound somewhere other than a text's
    /// string: a row's tree has the structure (`CellStructure`) of those values, one object for
    /// every row of this plan that binds them alike (its texts' strings aside).
    let structuralSlots: [Int]
    /// The structures made so far, by those values (one object for every row that binds them alike).
    let structures = Structures()

    /// A plan's structures by their values: at most `limit` (rows past them get none, and are
    /// flattened), behind a lock (a spec is decoded on one thread, but a plan is a value).
    final class Structures: Sendable {
        static let limit = 4_096
        private let known = Mutex<[[JSONValue?]: CellStructure]>([:])

        func structure(for values: [JSONValue?]) -> CellStructure? {
            known.withLock { known in
                if let s = known[values] { return s }
                guard known.count < Self.limit else { return nil }
                let s = CellStructure()
                known[values] = s
                return s
            }
        }
    }

    /// The plan of a template, or nil when the template has a binding the plan does not know,
    /// a table or grid, or does not decode with stand-ins (its rows then decode the direct way,
    /// and say why). Warnings given while planning are the caller's to take back.
    static func make(_ template: SpecNode) -> TemplatePlan? {
        guard !hasNested(template.value) else { return nil }
        var names: [String] = []
        Self.collectNames(template.value, into: &names)
        let compiler = Compiler(context: template.context, layoutRootDepth: template.path.components.count, names: names)
        guard let root = compiler.piece(template, depth: 0) else { return nil }
        var structural = Set<Int>()
        Self.collectStructuralSlots(root, into: &structural)
        return TemplatePlan(root: root, fixedTexts: !Self.textsVary(root), names: names, structuralSlots: structural.sorted())
    }

    /// The slots bound under `piece` anywhere but a text's string (a repeat count included).
    private static func collectStructuralSlots(_ piece: Piece, into slots: inout Set<Int>) {
        guard case .bound(let b) = piece else { return }
        for patch in b.patches {
            if case .text = patch.site { continue }
            slots.insert(patch.slot)
        }
        for child in b.children {
            switch child {
            case .one(let p): collectStructuralSlots(p, into: &slots)
            case .repeated(_, let slot, let p):
                if let slot { slots.insert(slot) }
                collectStructuralSlots(p, into: &slots)
            }
        }
    }

    /// Whether the number of texts under `piece` depends on the data.
    private static func textsVary(_ piece: Piece) -> Bool {
        guard case .bound(let b) = piece else { return false }
        return b.children.contains { child in
            switch child {
            case .one(let p): return textsVary(p)
            case .repeated(_, let slot, let p): return (slot != nil && hasTexts(p)) || textsVary(p)
            }
        }
    }

    private static func hasTexts(_ piece: Piece) -> Bool {
        switch piece {
        case .fixed(_, let texts, _): return !texts.isEmpty
        case .bound(let b):
            return b.text != nil || b.children.contains { child in
                switch child {
                case .one(let p), .repeated(_, _, let p): return hasTexts(p)
                }
            }
        }
    }

    /// The name a value binds (`"$name"`), as the substitution reads it; nil for any other value.
    static func binding(_ v: JSONValue) -> String? {
        guard case .string(let s) = v, s.hasPrefix("$"), s.count > 1 else { return nil }
        return String(s.dropFirst())
    }

    private static func collectNames(_ v: JSONValue, into names: inout [String]) {
        switch v {
        case .string:
            if let name = binding(v), !names.contains(name) { names.append(name) }
        case .array(let items):
            for x in items { collectNames(x, into: &names) }
        case .object(let o):
            for k in o.keys { collectNames(o[k] ?? .null, into: &names) }
        default:
            break
        }
    }

    /// Whether `v` binds anything anywhere inside it.
    static func hasBinding(_ v: JSONValue) -> Bool {
        switch v {
        case .string: return binding(v) != nil
        case .array(let items): return items.contains(where: hasBinding)
        case .object(let o): return o.keys.contains { hasBinding(o[$0] ?? .null) }
        default: return false
        }
    }

    /// Whether `v` holds a table or grid (whose nested specs keep paths and keys per layout).
    private static func hasNested(_ v: JSONValue) -> Bool {
        switch v {
        case .array(let items): return items.contains(where: hasNested)
        case .object(let o): return o["table"] != nil || o["grid"] != nil || o.keys.contains { hasNested(o[$0] ?? .null) }
        default: return false
        }
    }

    private struct Compiler {
        let context: SpecDecodingContext
        let layoutRootDepth: Int
        let names: [String]

        /// The place of a binding's name in `names` (every binding was collected there first).
        func slot(_ name: String) -> Int? { names.firstIndex(of: name) }

        /// The direct decoder on `node` (a subtree, or an element with stand-ins).
        func decode(_ node: SpecNode, depth: Int) -> (CellElement, [CellLayoutSpec.TextStyleChoice], Int)? {
            var texts: [CellLayoutSpec.TextStyleChoice] = []
            var count = 0
            var nested: [CellLayoutSpec.NestedEntry] = []
            guard let element = try? node.cellElement(depth: depth, texts: &texts, count: &count, nested: &nested,
                                                      layoutRootDepth: layoutRootDepth), nested.isEmpty else { return nil }
            return (element, texts, count)
        }

        func piece(_ node: SpecNode, depth: Int) -> Piece? {
            if !hasBinding(node.value) {
                guard let (element, texts, count) = decode(node, depth: depth) else { return nil }
                return .fixed(element, texts: texts, count: count)
            }
            guard case .object(var o) = node.value else { return nil }
            let kinds = SpecNode.elementKinds.filter { o[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first else { return nil }
            var patches: [Patch] = []
            var children: [Child] = []
            // The kind's own value: a text's string, a box's sizes, a stack's children, an
            // overlay's pair. Its bindings become patches and stand-ins.
            switch kind {
            case "text":
                if let name = TemplatePlan.binding(o["text"] ?? .null), let slot = slot(name) {
                    patches.append(Patch(slot: slot, site: .text))
                    o["text"] = .string("")
                }
            case "box":
                guard case .object(var box) = o["box"] ?? .null else { return nil }
                for (key, site, standIn) in [("width", Site.boxWidth(assigns: !Self.written(o["width"])), 0.0),
                                             ("height", Site.boxHeight(assigns: !Self.written(o["height"])), 0.0),
                                             ("aspectRatio", Site.aspectRatio, 1.0)] {
                    guard let v = box[key] else { continue }
                    if let name = TemplatePlan.binding(v), let slot = slot(name) {
                        patches.append(Patch(slot: slot, site: site))
                        box[key] = .number(standIn)
                    }
                }
                o["box"] = .object(box)
            case "stack":
                if let written = o["children"] {
                    guard case .array(let items) = written else { return nil }
                    let list = node.path.appending("children")
                    for (i, item) in items.enumerated() {
                        let itemNode = SpecNode(value: item, path: list.appending(i), context: context)
                        if case .object(let r) = item, r["repeat"] != nil {
                            guard r.keys.allSatisfy({ $0 == "repeat" || $0 == "element" }), let e = r["element"] else { return nil }
                            let elementNode = SpecNode(value: e, path: itemNode.path.appending("element"), context: context)
                            guard let element = piece(elementNode, depth: depth + 1) else { return nil }
                            let times = r["repeat"] ?? .null
                            if let name = TemplatePlan.binding(times) {
                                guard let slot = slot(name) else { return nil }
                                children.append(.repeated(times: nil, slot: slot, element: element))
                            } else {
                                guard let n = try? SpecNode(value: times, path: itemNode.path.appending("repeat"), context: context)
                                    .integer(in: 0...1000) else { return nil }
                                children.append(.repeated(times: n, slot: nil, element: element))
                            }
                        } else {
                            guard let child = piece(itemNode, depth: depth + 1) else { return nil }
                            children.append(.one(child))
                        }
                    }
                    o["children"] = .array([])
                }
            case "overlay", "background":
                guard case .array(let pair) = o[kind] ?? .null, pair.count == 2 else { return nil }
                let pairPath = node.path.appending(kind)
                for i in 0..<2 {
                    guard let child = piece(SpecNode(value: pair[i], path: pairPath.appending(i), context: context),
                                            depth: depth + 1) else { return nil }
                    children.append(.one(child))
                }
                o[kind] = .array([.object(JSONObject([("spacer", .object(JSONObject()))])),
                                  .object(JSONObject([("spacer", .object(JSONObject()))]))])
            default:
                return nil
            }
            // The element's own properties.
            let sites: [(String, Site, JSONValue)] = [
                ("id", .id, .string("")), ("hidden", .hidden, .bool(false)), ("spacing", .spacing, .number(0)),
                ("alignment", .alignment, .string("start")), ("justify", .justify, .string("start")), ("wrap", .wrap, .bool(false)),
                ("padding", .padding, .number(0)), ("alignSelf", .alignSelf, .string("start")),
                ("width", .width, .number(0)), ("height", .height, .number(0)),
                ("minWidth", .minWidth, .number(0)), ("maxWidth", .maxWidth, .number(0)),
                ("minHeight", .minHeight, .number(0)), ("maxHeight", .maxHeight, .number(0)),
                ("basis", .basis, .number(0)), ("grow", .grow, .number(0)), ("shrink", .shrink, .number(0)),
                ("direction", .direction, .string("ltr")), ("spacingAfter", .spacingAfter, .number(0)),
                ("textAlignment", .textAlignment, .string("natural")),
            ]
            for (key, site, standIn) in sites {
                guard let v = o[key], let name = TemplatePlan.binding(v), let slot = slot(name) else { continue }
                // (A stack's own property on another element is the decoder's error: the direct way.)
                if ["spacing", "alignment", "justify", "wrap"].contains(key) && kind != "stack" { return nil }
                if key == "textAlignment" && kind != "text" { return nil }
                patches.append(Patch(slot: slot, site: site))
                o[key] = standIn
            }
            // Anything still bound is bound where the plan cannot follow (a padding, an axis, a style).
            guard !hasBinding(.object(o)) else { return nil }
            guard let (prototype, texts, _) = decode(SpecNode(value: .object(o), path: node.path, context: context), depth: depth)
            else { return nil }
            // A stack decoded without children, an overlay with two spacers: its own text only.
            guard texts.count == (kind == "text" ? 1 : 0) else { return nil }
            return .bound(Bound(prototype: prototype, text: texts.first, patches: patches, children: children))
        }

        /// Whether a member is written with a value (the decoder's `optional` skips `null`).
        static func written(_ v: JSONValue?) -> Bool {
            guard let v else { return false }
            return v != .null
        }
    }

    // MARK: Rows

    /// The row's tree and its texts' style choices from its bound values (`values[k]` is what
    /// the data gives for `names[k]`, nil when nothing); nil when a bound value is missing
    /// (anywhere in the template: the direct way substitutes every binding, even one inside a
    /// repeat of none), `null`, of another type, out of range or an attributed text, or when the
    /// tree would pass the element limit — the row is then decoded the direct way.
    func instantiate(_ values: [JSONValue?]) -> (root: CellElement, texts: [CellLayoutSpec.TextStyleChoice], structure: CellStructure?)? {
        guard values.count == names.count, !values.contains(where: { $0 == nil }) else { return nil }
        var texts: [CellLayoutSpec.TextStyleChoice] = []
        var count = 0
        guard let root = build(root, values, &texts, &count) else { return nil }
        return (root, texts, structures.structure(for: structuralSlots.map { values[$0] }))
    }

    private func build(_ piece: Piece, _ values: [JSONValue?], _ texts: inout [CellLayoutSpec.TextStyleChoice],
                       _ count: inout Int) -> CellElement? {
        switch piece {
        case .fixed(let element, let fixedTexts, let n):
            count += n
            guard count <= SpecLimits.maximumLayoutElements else { return nil }
            texts.append(contentsOf: fixedTexts)
            return element
        case .bound(let b):
            count += 1
            guard count <= SpecLimits.maximumLayoutElements else { return nil }
            var e = b.prototype
            if let t = b.text { texts.append(t) }
            for patch in b.patches {
                guard let v = values[patch.slot], Self.apply(v, patch.site, to: &e) else { return nil }
            }
            switch e.kind {
            case .stack(var stack):
                guard !b.children.isEmpty else { return e }
                stack.children.reserveCapacity(b.children.count)
                for child in b.children {
                    switch child {
                    case .one(let p):
                        guard let c = build(p, values, &texts, &count) else { return nil }
                        stack.children.append(c)
                    case .repeated(let fixed, let slot, let p):
                        var times = fixed ?? 0
                        if let slot {
                            guard case .number(let n)? = values[slot], n == n.rounded(), n >= 0, n <= 1000 else { return nil }
                            times = Int(n)
                        }
                        for _ in 0..<times {
                            guard let c = build(p, values, &texts, &count) else { return nil }
                            stack.children.append(c)
                        }
                    }
                }
                e.kind = .stack(stack)
            case .overlay, .background:
                guard b.children.count == 2, case .one(let p0) = b.children[0], case .one(let p1) = b.children[1],
                      let base = build(p0, values, &texts, &count), let layer = build(p1, values, &texts, &count) else { return nil }
                if case .overlay = e.kind { e.kind = .overlay(base: base, layer: layer) } else { e.kind = .background(base: base, layer: layer) }
            default:
                break
            }
            return e
        }
    }

    /// Writes a bound value where it goes, when it is what the decoder would accept there as a
    /// plain value; false otherwise.
    private static func apply(_ v: JSONValue, _ site: Site, to e: inout CellElement) -> Bool {
        switch site {
        case .text:
            guard case .string(let s) = v else { return false }
            var text = CellText(s, style: TextStyle())
            if case .text(let prototype) = e.kind { text.alignment = prototype.alignment }  // (the template's own)
            e.kind = .text(text)
        case .hidden:
            guard case .bool(let b) = v else { return false }
            e.isHidden = b
        case .id:
            guard case .string(let s) = v else { return false }
            e.id = s
        case .aspectRatio:
            guard case .number(let n) = v, n.isFinite, n > 0 else { return false }
            e.kind = .box(aspectRatio: n)
        case .alignSelf:
            // (Only the exact spelling: the direct way also reads the older hyphenated one, or errs.)
            guard case .string(let s) = v, let a = CellAlignment(rawValue: s) else { return false }
            e.alignSelf = a
        case .direction:
            guard case .string(let s) = v, let d = SpecNode.layoutDirection(named: s) else { return false }
            e.layoutDirection = d
        case .textAlignment:
            // (The decoder's names, as `SpecNode.textAlignment(named:)` reads them: any other goes the direct way.)
            guard case .string(let s) = v, let a = SpecNode.textAlignment(named: s), case .text(var t) = e.kind else { return false }
            t.alignment = a
            e.kind = .text(t)
        case .alignment, .justify, .wrap:
            guard case .stack(var stack) = e.kind else { return false }
            switch (site, v) {
            case (.alignment, .string(let s)):
                guard let a = CellAlignment(rawValue: s) else { return false }
                stack.alignment = a
            case (.justify, .string(let s)):
                guard let j = CellJustification(rawValue: s) else { return false }
                stack.justify = j
            case (.wrap, .bool(let b)):
                stack.wraps = b
            default:
                return false
            }
            e.kind = .stack(stack)
        default:
            guard case .number(let n) = v, n.isFinite, n >= 0 else { return false }
            switch site {
            case .width: e.width = n
            case .height: e.height = n
            case .minWidth: e.minWidth = n
            case .maxWidth: e.maxWidth = n
            case .minHeight: e.minHeight = n
            case .maxHeight: e.maxHeight = n
            case .basis: e.basis = n
            case .grow: e.grow = n
            case .shrink: e.shrink = n
            case .spacingAfter: e.spacingAfter = n
            case .padding: e.padding = EdgeInsets(top: n, left: n, bottom: n, right: n)
            case .boxWidth(let assigns): if assigns { e.width = n }
            case .boxHeight(let assigns): if assigns { e.height = n }
            case .spacing:
                guard case .stack(var s) = e.kind else { return false }
                s.spacing = n
                e.kind = .stack(s)
            default: return false
            }
        }
        return true
    }
}
