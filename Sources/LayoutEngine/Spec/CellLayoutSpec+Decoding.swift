import CellLayout
import LayoutGeometry
import TextLayout

/// A composed cell in a spec (`"layout": ELEMENT`): the element tree, and the text style each of
/// its texts names (resolved against the table's `textStyles` when the table is computed).
public struct CellLayoutSpec: Hashable, Sendable {
    /// The decoded layout itself, shared by every copy of it (all the rows that use a template
    /// with the same data): a computation resolves and lays out such rows once, keyed by this
    /// object, without hashing their trees — and copying a row's layout retains one object.
    let identity: Identity
    /// The tree. Its texts carry placeholder styles until resolved with `textStyles`.
    public var root: CellElement { identity.root }
    /// The style of each text element, in tree order (a parent before its children).
    public var textStyles: [TextStyleChoice] { identity.textStyles }
    /// Whether some text of the tree is attributed (its runs' fonts need checking).
    var hasAttributedText: Bool { identity.hasAttributedText }
    /// Shared by every decoded layout with the same `textStyles` (nil: not shared): a computation
    /// resolves the styles once per identity.
    var styleIdentity: StyleIdentity? { identity.styleIdentity }

    /// A decoded layout: immutable, compared by reference. (Unchecked: `rootAddress` is written
    /// once, when the object is made, and only read after.)
    final class Identity: @unchecked Sendable {
        /// The tree, at an address of its own while the object lives: preparing a cell reads it
        /// in place (passed as an argument, the stored tree was copied first — a retain and a
        /// release of each of its parts, per row).
        let rootAddress: UnsafeMutablePointer<CellElement>
        var root: CellElement { rootAddress.pointee }
        let textStyles: [TextStyleChoice]
        let hasAttributedText: Bool
        let styleIdentity: StyleIdentity?
        /// The tree's structure when a template's plan made it (`CellStructure`), else nil.
        let structure: CellStructure?
        /// `structure`, lent (held by `structure` while this lives): what a row's cell is
        /// prepared with — every row of a template shares it, and a reference read from here
        /// was retained for each row, from both cores.
        let structureReference: Unmanaged<CellStructure>?
        /// The tree's visible texts, read as it was made (`StructureTexts`), when it has a structure.
        let structureTexts: StructureTexts?
        /// The tables and grids inside the tree, by their elements' `custom` keys, with where they are.
        let nested: [NestedEntry]
        /// What the layouter's prepared cells are filed by: an empty object of this layout's own,
        /// so that a kept cell does not keep the decoded tree alive with it.
        let cacheKey = CacheKey()

        init(root: CellElement, textStyles: [TextStyleChoice], styleIdentity: StyleIdentity?, nested: [NestedEntry] = [],
             structure: CellStructure? = nil) {
            self.structure = structure
            structureReference = structure.map { Unmanaged.passUnretained($0) }
            rootAddress = .allocate(capacity: 1)
            rootAddress.initialize(to: root)
            structureTexts = structure == nil ? nil : StructureTexts(root: rootAddress)
            self.nested = nested
            self.textStyles = textStyles
            self.styleIdentity = styleIdentity
            var attributed = false
            root.forEachText { if $0.attributed != nil { attributed = true } }
            hasAttributedText = attributed
        }

        deinit {
            rootAddress.deinitialize(count: 1)
            rootAddress.deallocate()
        }
    }

    /// One list of text style choices, shared by the layouts that write it: an empty object
    /// compared by reference.
    final class StyleIdentity: Sendable {}

    /// A decoded layout's key in the layouter's prepared cells: an empty object compared by reference.
    final class CacheKey: Sendable {}

    public static func == (a: CellLayoutSpec, b: CellLayoutSpec) -> Bool {
        a.identity === b.identity || (a.root == b.root && a.textStyles == b.textStyles && a.identity.nested == b.identity.nested)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(textStyles)
    }

    /// A text's style as written: a style reference and the element's own `numberOfLines` and
    /// `lineBreakMode`, laid over it.
    public struct TextStyleChoice: Hashable, Sendable {
        public var reference: TextStyleRef?
        public var numberOfLines: Int?
        public var lineBreakMode: TextLineBreakMode?
    }

    /// A spec for a tree built in Swift, whose texts already have their styles.
    public init(root: CellElement) {
        self.init(root: root, textStyles: [])
    }

    init(root: CellElement, textStyles: [TextStyleChoice], styleIdentity: StyleIdentity? = nil, nested: [NestedEntry] = [],
         structure: CellStructure? = nil) {
        identity = Identity(root: root, textStyles: textStyles, styleIdentity: styleIdentity, nested: nested, structure: structure)
    }

    /// A table or grid inside the tree (an element `{"table": …}` or `{"grid": …}`: a `custom`
    /// element whose key is its index here).
    public enum Nested: Hashable, Sendable {
        case table(TableSpec)
        case grid(GridSpec)
    }

    /// The tables and grids inside the tree, by their elements' `custom` keys.
    public var nested: [Nested] { identity.nested.map(\.spec) }

    /// A table or grid inside the tree and where it is in the layout (`children[1].table`).
    struct NestedEntry: Hashable, Sendable {
        var spec: Nested
        var path: String
    }
}

/// The deepest element tree a layout may hold.
extension SpecLimits {
    public static let maximumLayoutDepth = 64
    /// The most elements one layout tree may hold once its repeats are expanded.
    public static let maximumLayoutElements = 10_000
}

extension SpecNode {
    /// The element kinds, by the key that names them.
    static let elementKinds = ["stack", "box", "text", "spacer", "overlay", "background", "table", "grid"]
    static let commonElementKeys = ["id", "width", "height", "padding", "grow", "shrink", "basis", "minWidth", "maxWidth",
                                    "minHeight", "maxHeight", "alignSelf", "hidden", "direction", "spacingAfter"]
    static let stackKeys = ["spacing", "alignment", "justify", "wrap", "children"]
    static let textKeys = ["textStyle", "numberOfLines", "lineBreakMode", "textAlignment"]

    /// `"layout": ELEMENT`.
    func cellLayout() throws -> CellLayoutSpec {
        var texts: [CellLayoutSpec.TextStyleChoice] = []
        var count = 0
        var nested: [CellLayoutSpec.NestedEntry] = []
        let root = try cellElement(depth: 0, texts: &texts, count: &count, nested: &nested, layoutRootDepth: path.components.count)
        return context.layout(root: root, texts: texts, nested: nested)
    }

    /// The element here, decoded: `depth` levels below the layout's root, its texts' style
    /// choices appended to `texts` in tree order, its elements counted in `count`, its tables and
    /// grids appended to `nested` (their paths relative to the layout's root, `layoutRootDepth`
    /// components down).
    func cellElement(depth: Int, texts: inout [CellLayoutSpec.TextStyleChoice], count: inout Int,
                             nested: inout [CellLayoutSpec.NestedEntry], layoutRootDepth: Int) throws -> CellElement {
        guard depth < SpecLimits.maximumLayoutDepth else {
            throw fail("elements nest deeper than \(SpecLimits.maximumLayoutDepth) levels (the limit)")
        }
        count += 1
        guard count <= SpecLimits.maximumLayoutElements else {
            throw fail("the layout holds more than \(SpecLimits.maximumLayoutElements) elements once its repeats are expanded (the limit)")
        }
        guard case .object(let members) = value else {
            throw typeError("an element: {\"stack\": …}, {\"box\": …}, {\"text\": …}, {\"spacer\": {}}, {\"overlay\": [A, B]}, {\"background\": [A, B]}, {\"table\": …} or {\"grid\": …}")
        }
        let kinds = Self.elementKinds.filter { members[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                let guess = members.keys.first.map { suggestion(for: $0, among: Self.elementKinds) } ?? ""
                throw fail("an element needs one of \(Self.elementKinds.joined(separator: ", "))\(guess)")
            }
            throw fail("an element is one kind, but this one says \(kinds.joined(separator: " and "))")
        }
        var known = Self.commonElementKeys + [kind]
        if kind == "stack" { known += Self.stackKeys }
        if kind == "text" { known += Self.textKeys }
        let o = try strictObject(known: known)
        let node = try o.required(kind)
        var element: CellElement
        switch kind {
        case "stack":
            let axis = try node.choice(Axis.self)
            var stack = CellStack(axis: axis, children: [])
            if let n = o.optional("spacing") { stack.spacing = try n.nonNegative() }
            if let n = o.optional("alignment") { stack.alignment = try n.alignment() }
            if let n = o.optional("justify") { stack.justify = try n.choice(CellJustification.self) }
            if let n = o.optional("wrap") { stack.wraps = try n.bool() }
            if let n = o.optional("children") {
                for child in try n.array() {
                    if case .object(let m) = child.value, m["repeat"] != nil {
                        let r = try child.strictObject(known: ["repeat", "element"])
                        let times = try r.required("repeat").integer(in: 0...1000)
                        let template = try r.required("element")
                        for _ in 0..<times { stack.children.append(try template.cellElement(depth: depth + 1, texts: &texts, count: &count, nested: &nested, layoutRootDepth: layoutRootDepth)) }
                    } else {
                        stack.children.append(try child.cellElement(depth: depth + 1, texts: &texts, count: &count, nested: &nested, layoutRootDepth: layoutRootDepth))
                    }
                }
            }
            element = CellElement(.stack(stack))
        case "box":
            let b = try node.strictObject(known: ["width", "height", "aspectRatio"])
            element = CellElement(.box(aspectRatio: try b.optional("aspectRatio")?.positive()))
            element.width = try b.optional("width")?.nonNegative()
            element.height = try b.optional("height")?.nonNegative()
        case "text":
            var choice = CellLayoutSpec.TextStyleChoice()
            choice.reference = try o.optional("textStyle")?.textStyleRef()
            choice.numberOfLines = try o.optional("numberOfLines")?.integer(in: 0...Int(Int32.max))
            choice.lineBreakMode = try o.optional("lineBreakMode")?.lineBreakMode()
            texts.append(choice)
            let (string, attributed) = try node.textContent()
            var text = attributed.map { CellText($0, style: TextStyle()) } ?? CellText(string, style: TextStyle())
            if let n = o.optional("textAlignment") { text.alignment = try n.textAlignment() }
            element = CellElement(.text(text))
        case "spacer":
            _ = try node.strictObject(known: [])
            element = .spacer
        case "table", "grid":
            // Laid out by the table or grid engine at the width the element gets (a key into the
            // layout's nested specs); templates and text styles are the enclosing spec's.
            let spec: CellLayoutSpec.Nested = try node.nested {
                kind == "table" ? .table(try TableSpec.decode(node, nested: true)) : .grid(try GridSpec.decode(node, nested: true))
            }
            // Where it is inside the layout (`children[1].table`), for the messages of its computation.
            let all = node.path.components
            nested.append(CellLayoutSpec.NestedEntry(spec: spec, path: JSONPath(components: Array(all.suffix(all.count - layoutRootDepth))).description))
            element = CellElement(.custom(key: nested.count - 1))
        default:  // overlay, background
            let pair = try node.array()
            guard pair.count == 2 else { throw node.fail("expected [base, layer], an array of 2 elements, got \(pair.count)") }
            let base = try pair[0].cellElement(depth: depth + 1, texts: &texts, count: &count, nested: &nested, layoutRootDepth: layoutRootDepth)
            let layer = try pair[1].cellElement(depth: depth + 1, texts: &texts, count: &count, nested: &nested, layoutRootDepth: layoutRootDepth)
            element = CellElement(kind == "overlay" ? .overlay(base: base, layer: layer) : .background(base: base, layer: layer))
        }
        element.id = try o.optional("id")?.string()
        if let n = o.optional("width") { element.width = try n.nonNegative() }
        if let n = o.optional("height") { element.height = try n.nonNegative() }
        element.minWidth = try o.optional("minWidth")?.nonNegative()
        element.maxWidth = try o.optional("maxWidth")?.nonNegative()
        element.minHeight = try o.optional("minHeight")?.nonNegative()
        element.maxHeight = try o.optional("maxHeight")?.nonNegative()
        if let n = o.optional("padding") { (element.padding, element.paddingIsDirectional) = try n.padding() }
        if let n = o.optional("grow") { element.grow = try n.nonNegative() }
        if let n = o.optional("shrink") { element.shrink = try n.nonNegative() }
        if let n = o.optional("basis") { element.basis = try n.nonNegative() }
        element.alignSelf = try o.optional("alignSelf")?.alignment()
        if let n = o.optional("hidden") { element.isHidden = try n.bool() }
        element.layoutDirection = try o.optional("direction")?.layoutDirection()
        element.spacingAfter = try o.optional("spacingAfter")?.nonNegative()
        return element
    }

    /// A number (the same on every side), `{"top", "left", "bottom", "right"}` (physical sides) or
    /// `{"top", "leading", "bottom", "trailing"}` (`NSDirectionalEdgeInsets`: swapped right to
    /// left), all ≥ 0; whether the sides are leading and trailing.
    func padding() throws -> (EdgeInsets, directional: Bool) {
        if case .number = value {
            let v = try nonNegative()
            return (EdgeInsets(top: v, left: v, bottom: v, right: v), false)
        }
        let o = try strictObject(known: ["top", "left", "bottom", "right", "leading", "trailing"])
        let leading = o.optional("leading"), trailing = o.optional("trailing")
        let directional = leading != nil || trailing != nil
        if directional, let physical = o.optional("left") ?? o.optional("right") {
            throw physical.fail("left and right are physical sides, leading and trailing directional ones: give one pair, not both")
        }
        let left = directional ? leading : o.optional("left"), right = directional ? trailing : o.optional("right")
        return (EdgeInsets(top: try o.optional("top")?.nonNegative() ?? 0, left: try left?.nonNegative() ?? 0,
                           bottom: try o.optional("bottom")?.nonNegative() ?? 0, right: try right?.nonNegative() ?? 0), directional)
    }

    // MARK: Templates

    /// `"templates": {"name": ELEMENT, …}`: kept as written; each use substitutes its data and
    /// decodes the result (so that every message names the template's own path) — through the
    /// template's plan (`TemplatePlan`) when it has one.
    func templates() throws -> [String: TemplateDefinition] {
        guard case .object(let members) = value else { throw typeError("an object of named layouts") }
        var out: [String: TemplateDefinition] = [:]
        for key in members.keys {
            let definition = TemplateDefinition(SpecNode(value: members[key] ?? .null, path: path.appending(key), context: context))
            context.definedTemplates.append(definition)
            out[key] = definition
        }
        return out
    }

    /// A row's `{"template": name, "data": {…}}`: the template with every `"$name"` string replaced
    /// by `data[name]`, decoded. Identical template and data decode once.
    func templatedLayout(_ o: SpecObject) throws -> CellLayoutSpec {
        let nameNode = try o.required("template")
        let name = try nameNode.string()
        guard let definition = context.templates[name] else {
            let known = context.templates.keys.sorted()
            throw nameNode.fail("unknown template \"\(name)\"" + (known.isEmpty ? " (the spec defines no templates)" : " (defined: \(known.joined(separator: ", ")))"))
        }
        let dataNode = o.optional("data")
        var data = JSONObject()
        if let dataNode {
            guard case .object(let d) = dataNode.value else { throw dataNode.typeError("an object of bindings") }
            data = d
        }
        let key = SpecDecodingContext.TemplateUse(name: name, template: ObjectIdentifier(definition), data: data)
        if let done = context.templateUses[key] { return done }
        let template = definition.node
        // The template's plan: the row's values checked and written into the decoded template.
        if let plan = definition.plan(), let made = plan.instantiate(definition.values(of: data, names: plan.names)) {
            for (k, slot) in zip(data.keys, definition.lastSlots) where slot < 0 {
                context.warn((dataNode?.path ?? o.path).appending(k), "template \"\(name)\" has no binding \"$\(k)\"; ignored")
            }
            let layout: CellLayoutSpec
            if plan.fixedTexts, let identity = definition.textIdentity {
                layout = CellLayoutSpec(root: made.root, textStyles: made.texts, styleIdentity: identity, structure: made.structure)
            } else {
                layout = context.layout(root: made.root, texts: made.texts, nested: [], structure: made.structure)
                if plan.fixedTexts { definition.textIdentity = layout.styleIdentity }
            }
            if context.templateUses.count < 100_000 { context.templateUses[key] = layout }
            return layout
        }
        var used: Set<String> = []
        let substituted = try Self.substitute(template.value, data: data, used: &used, template: name,
                                              dataPath: dataNode?.path ?? o.path.appending("data"))
        for k in data.keys where !used.contains(k) {
            context.warn((dataNode?.path ?? o.path).appending(k), "template \"\(name)\" has no binding \"$\(k)\"; ignored")
        }
        let node = SpecNode(value: substituted, path: template.path, context: context)
        let layout: CellLayoutSpec
        do {
            layout = try node.cellLayout()
        } catch var error as SpecError {
            // Named once per template: a template used inside itself (through a table inside it)
            // names its outermost use, not every level down to the nesting limit.
            let note = " (template \"\(name)\" used by "
            if let inner = error.message.range(of: note) { error.message = String(error.message[..<inner.lowerBound]) }
            error.message += note + "\(o.path))"
            throw error
        }
        if context.templateUses.count < 100_000 { context.templateUses[key] = layout }
        return layout
    }

    private static func substitute(_ v: JSONValue, data: JSONObject, used: inout Set<String>, template: String,
                                   dataPath: JSONPath) throws -> JSONValue {
        switch v {
        case .string(let s) where s.hasPrefix("$") && s.count > 1:
            let name = String(s.dropFirst())
            guard let bound = data[name] else {
                throw SpecError(dataPath, "template \"\(template)\" binds \"$\(name)\", which data does not give")
            }
            used.insert(name)
            return bound
        case .array(let items):
            return .array(try items.map { try substitute($0, data: data, used: &used, template: template, dataPath: dataPath) })
        case .object(let o):
            var out = JSONObject()
            for k in o.keys {
                out[k] = try substitute(o[k] ?? .null, data: data, used: &used, template: template, dataPath: dataPath)
            }
            return .object(out)
        default:
            return v
        }
    }
}

extension CellLayoutSpec {
    /// Each text's style resolved as `resolved(scope:scale:)` resolves it, in tree order; empty for
    /// a tree built in Swift (its texts keep their styles).
    func resolvedTextStyles(scope: TextStyleScope, scale: PixelScale) -> [TextStyle] {
        textStyles.map { choice in
            var style = scope.resolve(choice.reference, fallback: CellLabelDefaults.textBlockStyle, scale: scale)
            if let n = choice.numberOfLines { style.numberOfLines = n }
            if let m = choice.lineBreakMode { style.lineBreakMode = m }
            return style
        }
    }

    /// The tree with every text's style resolved in `scope` (a spec's `textStyles`, then the
    /// built-in styles; `body` when a text names none) and rounded to `scale`, with the text's own
    /// `numberOfLines` and `lineBreakMode` laid over it. A tree built in Swift (no recorded
    /// choices) keeps its styles.
    func resolved(scope: TextStyleScope, scale: PixelScale) -> CellElement {
        root.applyingTextStyles(resolvedTextStyles(scope: scope, scale: scale))
    }
}

extension CellElement {
    /// The tree with its k-th text (in tree order: a parent before its children, an overlay's base
    /// before its layer, hidden texts counted) given `styles[k]`; the tree itself when `styles`
    /// is empty. What `CellLayout` does as it reads a tree (`arrange(_:width:textStyles:)`).
    func applyingTextStyles(_ styles: [TextStyle]) -> CellElement {
        guard !styles.isEmpty else { return self }
        var next = 0
        func walk(_ e: CellElement) -> CellElement {
            var e = e
            switch e.kind {
            case .text(var t):
                if next < styles.count {
                    t.style = styles[next]
                    e.kind = .text(t)
                }
                next += 1
            case .stack(var s):
                s.children = s.children.map(walk)
                e.kind = .stack(s)
            case .overlay(let base, let layer):
                let b = walk(base)
                e.kind = .overlay(base: b, layer: walk(layer))
            case .background(let base, let layer):
                let b = walk(base)
                e.kind = .background(base: b, layer: walk(layer))
            case .box, .spacer, .custom:
                break
            }
            return e
        }
        return walk(self)
    }
}

extension CellElement {
    /// Calls `body` with every text of the tree, hidden ones included, in tree order.
    func forEachText(_ body: (CellText) -> Void) {
        switch kind {
        case .text(let t): body(t)
        case .stack(let s): for c in s.children { c.forEachText(body) }
        case .overlay(let base, let layer), .background(let base, let layer):
            base.forEachText(body)
            layer.forEachText(body)
        case .box, .spacer, .custom: break
        }
    }
}
