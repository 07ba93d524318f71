import CellLayout
import LayoutGeometry

extension GridSpec {
    /// The member names a grid spec accepts.
    static let fieldNames = [
        "kind", "width", "baselines", "layoutDirection", "height", "scale", "contentInset", "viewport", "layout", "columns", "aspectRatio",
        "scrollDirection", "itemSize", "estimatedItemSize", "minimumLineSpacing", "minimumInteritemSpacing",
        "sectionInset", "headerReferenceSize", "footerReferenceSize", "sectionHeadersPinToVisibleBounds",
        "sectionFootersPinToVisibleBounds", "alignment", "textStyles", "templates", "sections", "items", "updates", "queries",
    ]

    /// Decodes a grid spec; a nested grid (a row's `grid`) inherits `width`, `height`, `scale`.
    static func decode(_ node: SpecNode, nested: Bool) throws -> GridSpec {
        let o = try node.object(known: fieldNames)
        var spec = GridSpec()
        if let kind = o.optional("kind"), try kind.choice(SpecKind.self) != .grid {
            throw kind.fail("a nested grid's kind must be \"grid\"")
        }
        spec.width = try o.optional("width")?.nonNegative() ?? (nested ? nil : 375)
        spec.height = try o.optional("height")?.nonNegative()
        spec.scale = try o.optional("scale")?.nonNegative() ?? (nested ? nil : 2)
        if let n = o.optional("baselines") {
            if nested { throw n.fail("baselines is set once, at the top level (nested tables and grids use it)") }
            spec.baselines = try n.choice(CellLayout.BaselinePlacement.self)
        }
        if let n = o.optional("layoutDirection") {
            if nested { throw n.fail("layoutDirection is set once, at the top level (nested tables and grids use it)") }
            spec.layoutDirection = try n.layoutDirection()
        }
        if let n = o.optional("contentInset") { spec.contentInset = try n.insets() }
        if let n = o.optional("viewport") { spec.viewport = try n.viewport() }
        if let n = o.optional("layout") { spec.layout = try n.choice(GridLayoutKind.self) }
        spec.columns = try o.optional("columns")?.integer(in: 1...10_000)
        spec.aspectRatio = try o.optional("aspectRatio")?.positive()
        if spec.layout != .flow && spec.columns == nil {
            throw path(node, "columns").error("required by the \(spec.layout.rawValue) layout")
        }
        if let n = o.optional("scrollDirection") { spec.scrollDirection = try n.choice(ScrollDirection.self).axis }
        if spec.scrollDirection == .horizontal && spec.height == nil && !nested {
            throw path(node, "height").error("required for a horizontal grid (the container height its columns fill)")
        }
        if let n = o.optional("itemSize") { spec.itemSize = try n.itemSize() }
        if let n = o.optional("estimatedItemSize") {
            if case .string("automatic") = n.value { spec.estimatedItemSize = .automatic } else {
                spec.estimatedItemSize = .size(try n.itemSize())
            }
        }
        if let n = o.optional("minimumLineSpacing") { spec.minimumLineSpacing = try n.nonNegative() }
        if let n = o.optional("minimumInteritemSpacing") { spec.minimumInteritemSpacing = try n.nonNegative() }
        if let n = o.optional("sectionInset") { spec.sectionInset = try n.insets() }
        if let n = o.optional("headerReferenceSize") { spec.headerReferenceSize = try n.plainSize() }
        if let n = o.optional("footerReferenceSize") { spec.footerReferenceSize = try n.plainSize() }
        if let n = o.optional("sectionHeadersPinToVisibleBounds") { spec.sectionHeadersPinToVisibleBounds = try n.bool() }
        if let n = o.optional("sectionFootersPinToVisibleBounds") { spec.sectionFootersPinToVisibleBounds = try n.bool() }
        if let n = o.optional("alignment") { spec.alignment = try n.choice(GridAlignment.self) }
        if let n = o.optional("textStyles") { spec.textStyles = try n.textStyles() }
        // Templates are visible to this grid's items.
        let savedTemplates = node.context.templates
        defer { node.context.templates = savedTemplates }
        if let n = o.optional("templates") { node.context.templates.merge(try n.templates()) { $1 } }

        try node.withTextStyles(spec.textStyles.keys) {
            spec.sections = try decodeSections(o)
            spec.itemsAtTopLevel = o.optional("items") != nil
            if let n = o.optional("updates") {
                spec.updates = try n.array().map { try $0.updateBatch(noun: "Items", element: "item", decodeElement: { try $0.item() }, decodeSection: { try $0.gridSection() }) }
            }
            if let n = o.optional("queries") { spec.queries = try n.array().map { try $0.query(grid: true) } }
        }
        return spec
    }

    private static func path(_ node: SpecNode, _ key: String) -> JSONPath { node.path.appending(key) }

    /// `sections`, or a top-level `items` standing for a single section.
    private static func decodeSections(_ o: SpecObject) throws -> [GridSectionSpec] {
        if let items = o.optional("items") {
            if o.optional("sections") != nil { throw items.fail("give either sections or items, not both") }
            try o.context.addSections(1, at: items.path)
            var section = GridSectionSpec()
            section.items = try items.items()
            return [section]
        }
        let node = try o.required("sections")
        let sections = try node.array().map { try $0.gridSection() }
        if sections.isEmpty { throw node.fail("must contain at least one section") }
        return sections
    }
}

/// `scrollDirection` values.
enum ScrollDirection: String, CaseIterable {
    case vertical, horizontal
    var axis: Axis { self == .vertical ? .vertical : .horizontal }
}

extension SpecNode {
    /// A size whose sides are > 0 (item sizes).
    func itemSize() throws -> Size {
        let o = try object(known: ["width", "height"])
        return Size(width: try o.required("width").positive(), height: try o.required("height").positive())
    }

    /// A size whose sides are ≥ 0 (reference sizes).
    func plainSize() throws -> Size {
        let s = try size()
        return Size(width: s.width, height: s.height)
    }

    /// A grid section.
    func gridSection() throws -> GridSectionSpec {
        let o = try object(known: ["items", "repeat", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing",
                                   "headerReferenceSize", "footerReferenceSize"])
        var section = GridSectionSpec()
        if let n = o.optional("repeat") { section.repeatCount = try n.integer(in: 1...SpecLimits.maximumSections) }
        try context.addSections(section.repeatCount, at: o.has("repeat") ? path.appending("repeat") : path)
        section.sectionInset = try o.optional("sectionInset")?.insets()
        section.minimumLineSpacing = try o.optional("minimumLineSpacing")?.nonNegative()
        section.minimumInteritemSpacing = try o.optional("minimumInteritemSpacing")?.nonNegative()
        section.headerReferenceSize = try o.optional("headerReferenceSize")?.plainSize()
        section.footerReferenceSize = try o.optional("footerReferenceSize")?.plainSize()
        let before = context.elements
        if let n = o.optional("items") { section.items = try n.items() }
        try context.addElements(context.elements - before, times: section.repeatCount - 1,
                                at: path.appending("repeat"), noun: "items")
        return section
    }

    /// A section's items: a list (each entry an item or a run `{"count", "item"|"cycle"}`) or a run.
    func items() throws -> RunList<ItemSpec> {
        switch value {
        case .object: return RunList([try itemRun()])
        case .array:
            var list = RunList<ItemSpec>()
            for entry in try array() {
                if case .object(let object) = entry.value, object["count"] != nil {
                    list.append(try entry.itemRun())
                } else {
                    list.append(SpecRun(count: 1, element: try entry.item()))
                    try context.addElements(1, at: entry.path, noun: "items")
                }
            }
            return list
        default:
            throw typeError("an array of items or {\"count\": N}")
        }
    }

    private func itemRun() throws -> SpecRun<ItemSpec> {
        let o = try object(known: ["count", "item", "cycle"])
        let countNode = try o.required("count")
        let count = try countNode.integer(in: 0...SpecLimits.maximumElements)
        try context.addElements(count, at: countNode.path, noun: "items")
        if let item = o.optional("item") {
            if o.optional("cycle") != nil { throw item.fail("give either item or cycle, not both") }
            return SpecRun(count: count, element: try item.item())
        }
        if let list = o.optional("cycle") {
            let cycle = try list.array().map { try $0.item() }
            guard let run = SpecRun(count: count, cycle: cycle) else { throw list.fail("must contain at least one item") }
            return run
        }
        return SpecRun(count: count, element: ItemSpec())
    }

    /// One item: `{"width", "height"}`, `{"text", …}`, or `{}` (the grid's `itemSize`).
    func item() throws -> ItemSpec {
        let o = try object(known: ["width", "height", "text", "textStyle", "insets", "layout", "template", "data"])
        var item = ItemSpec()
        if o.optional("layout") != nil || o.optional("template") != nil {
            if o.optional("layout") != nil, o.optional("template") != nil { throw fail("an item holds a layout or a template, not both") }
            if let t = o.optional("text") { throw t.fail("an item with a layout cannot also have text") }
            item.layout = o.optional("layout") != nil ? try o.required("layout").cellLayout() : try templatedLayout(o)

        } else if let data = o.optional("data") {
            throw data.fail("data is for an item with a template")
        }
        if o.optional("width") != nil || o.optional("height") != nil {
            item.size = Size(width: try o.required("width").positive(), height: try o.required("height").positive())
        }
        if let n = o.optional("text") { (item.text, item.attributedText) = try n.textContent() }
        item.textStyle = try o.optional("textStyle")?.textStyleRef()
        item.insets = try o.optional("insets")?.insets()
        return item
    }
}
