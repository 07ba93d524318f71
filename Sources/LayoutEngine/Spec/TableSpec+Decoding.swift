import CellLayout
import LayoutGeometry

extension TableSpec {
    /// The member names a table spec accepts.
    static let fieldNames = [
        "kind", "width", "baselines", "layoutDirection", "scale", "style", "rowHeight", "estimatedRowHeight", "sectionHeaderHeight",
        "sectionFooterHeight", "separatorStyle", "sectionIndexTitles", "editing", "contentInset", "viewport",
        "tableHeader", "tableFooter", "textStyles", "templates", "sections", "rows", "updates", "queries",
    ]

    /// Decodes a table spec. A nested table (in a row's `table`) leaves `width` and `scale` nil
    /// when not given, to inherit them; the top-level one gets the contract's defaults.
    static func decode(_ node: SpecNode, nested: Bool) throws -> TableSpec {
        let o = try node.object(known: fieldNames)
        var spec = TableSpec()
        if let kind = o.optional("kind"), try kind.choice(SpecKind.self) != .table {
            throw kind.fail("a nested table's kind must be \"table\"")
        }
        spec.width = try o.optional("width")?.nonNegative() ?? (nested ? nil : 375)
        spec.scale = try o.optional("scale")?.nonNegative() ?? (nested ? nil : 2)
        if let n = o.optional("baselines") {
            if nested { throw n.fail("baselines is set once, at the top level (nested tables and grids use it)") }
            spec.baselines = try n.choice(CellLayout.BaselinePlacement.self)
        }
        if let n = o.optional("layoutDirection") {
            if nested { throw n.fail("layoutDirection is set once, at the top level (nested tables and grids use it)") }
            spec.layoutDirection = try n.layoutDirection()
        }
        if let n = o.optional("style") { spec.style = try n.choice(TableStyle.self) }
        if let n = o.optional("rowHeight") { spec.rowHeight = try n.heightRule() } else if nested { spec.inheritsRowHeight = true }
        if let n = o.optional("estimatedRowHeight") { spec.estimatedRowHeight = try n.nonNegative() }
        spec.sectionHeaderHeight = try o.optional("sectionHeaderHeight")?.heightRule()
        spec.sectionFooterHeight = try o.optional("sectionFooterHeight")?.heightRule()
        if let n = o.optional("separatorStyle") { spec.separatorStyle = try n.choice(SeparatorStyle.self) }
        if let n = o.optional("sectionIndexTitles") { spec.sectionIndexTitles = try n.strings() }
        if let n = o.optional("editing") { spec.editing = try n.bool() }
        if let n = o.optional("contentInset") { spec.contentInset = try n.insets() }
        if let n = o.optional("viewport") { spec.viewport = try n.viewport() }
        spec.tableHeader = try o.member("tableHeader")?.supplementary() ?? .unspecified
        spec.tableFooter = try o.member("tableFooter")?.supplementary() ?? .unspecified
        if let n = o.optional("textStyles") { spec.textStyles = try n.textStyles() }
        // Templates are visible to this table's rows and to the tables nested in them.
        let savedTemplates = node.context.templates
        defer { node.context.templates = savedTemplates }
        if let n = o.optional("templates") { node.context.templates.merge(try n.templates()) { $1 } }

        try node.withTextStyles(spec.textStyles.keys) {
            spec.sections = try decodeSections(o)
            if let n = o.optional("updates") {
                spec.updates = try n.array().map { try $0.updateBatch(noun: "Rows", element: "row", decodeElement: { try $0.row() }, decodeSection: { try $0.section() }) }
            }
            if let n = o.optional("queries") { spec.queries = try n.array().map { try $0.query(grid: false) } }
        }
        return spec
    }

    /// `sections`, or a top-level `rows` standing for a single section.
    private static func decodeSections(_ o: SpecObject) throws -> [SectionSpec] {
        if let rows = o.optional("rows") {
            if o.optional("sections") != nil { throw rows.fail("give either sections or rows, not both") }
            try o.context.addSections(1, at: rows.path)
            var section = SectionSpec()
            section.rows = try rows.rows()
            return [section]
        }
        let node = try o.required("sections")
        let sections = try node.array().map { try $0.section() }
        if sections.isEmpty { throw node.fail("must contain at least one section") }
        return sections
    }
}

extension SpecNode {
    /// A table section: `header`, `footer`, `rows`, `repeat`.
    func section() throws -> SectionSpec {
        let o = try object(known: ["header", "footer", "rows", "repeat"])
        var section = SectionSpec()
        if let n = o.optional("repeat") { section.repeatCount = try n.integer(in: 1...SpecLimits.maximumSections) }
        try context.addSections(section.repeatCount, at: o.has("repeat") ? path.appending("repeat") : path)
        section.header = try o.member("header")?.supplementary() ?? .unspecified
        section.footer = try o.member("footer")?.supplementary() ?? .unspecified
        let before = context.elements
        if let n = o.optional("rows") { section.rows = try n.rows() }
        try context.addElements(context.elements - before, times: section.repeatCount - 1,
                                at: path.appending("repeat"), noun: "rows")
        return section
    }

    /// A header or footer: `null` (removed), `{"height"}`, `{"title"}`, `{"layout"}` (or a
    /// `template` with its `data`), or a height with a title or layout.
    func supplementary() throws -> SupplementarySlot {
        if isNull { return .removed }
        let o = try object(known: ["height", "title", "textStyle", "layout", "template", "data"])
        var spec = SupplementarySpec()
        spec.height = try o.optional("height")?.heightRule()
        spec.title = try o.optional("title")?.string()
        spec.textStyle = try o.optional("textStyle")?.textStyleRef()
        if let layout = o.optional("layout") ?? o.optional("template") {
            if o.optional("layout") != nil, o.optional("template") != nil { throw fail("a header or footer holds a layout or a template, not both") }
            if spec.title != nil { throw layout.fail("a header or footer with a title cannot also have a \(o.optional("layout") != nil ? "layout" : "template")") }
            spec.layout = o.optional("layout") != nil ? try layout.cellLayout() : try templatedLayout(o)
        } else if let data = o.optional("data") {
            throw data.fail("data is for a header or footer with a template")
        }
        if spec.height == nil && spec.title == nil && spec.layout == nil {
            throw fail("expected a height, a title or a layout (or null for none)")
        }
        if spec.height == .automatic && spec.title == nil && spec.layout == nil {
            throw path.appending("height").error("\"automatic\" needs a title or a layout to measure")
        }
        return .given(spec)
    }
}

extension JSONPath {
    func error(_ message: String) -> SpecError { SpecError(self, message) }
}
