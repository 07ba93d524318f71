import LayoutGeometry

extension SpecNode {
    /// A section's rows: a list (each entry a row, a height, or a run `{"count", "row"|"cycle"}`)
    /// or a single run object.
    func rows() throws -> RunList<RowSpec> {
        switch value {
        case .object: return RunList([try rowRun()])
        case .array:
            var list = RunList<RowSpec>()
            for entry in try array() {
                if case .object(let object) = entry.value, object["count"] != nil {
                    list.append(try entry.rowRun())
                } else {
                    list.append(SpecRun(count: 1, element: try entry.row()))
                    try context.addElements(1, at: entry.path, noun: "rows")
                }
            }
            return list
        default:
            throw typeError("an array of rows or {\"count\": N, \"row\": {…}}")
        }
    }

    /// `{"count": N, "row": R}` or `{"count": N, "cycle": [R1, R2, …]}`; without either, N
    /// rows of the table's `rowHeight`.
    private func rowRun() throws -> SpecRun<RowSpec> {
        let o = try object(known: ["count", "row", "cycle"])
        let countNode = try o.required("count")
        let count = try countNode.integer(in: 0...SpecLimits.maximumElements)
        try context.addElements(count, at: countNode.path, noun: "rows")
        let before = context.elements
        var cycle = [RowSpec()]
        if let row = o.optional("row") {
            if o.optional("cycle") != nil { throw row.fail("give either row or cycle, not both") }
            cycle = [try row.row()]
        } else if let list = o.optional("cycle") {
            cycle = try list.array().map { try $0.row() }
            if cycle.isEmpty { throw list.fail("must contain at least one row") }
        }
        // Rows nested in the template (tables in rows) are generated `count` times.
        try context.addElements(context.elements - before, times: max(0, count - 1), at: countNode.path, noun: "rows")
        return SpecRun(count: count, cycle: cycle) ?? SpecRun(count: count, element: RowSpec())
    }

    /// One row: an object, or a bare height (a number or `"automatic"`).
    func row() throws -> RowSpec {
        switch value {
        case .number, .string: return RowSpec(height: try heightRule())
        case .object: break
        default: throw typeError("a row object or a height")
        }
        let o = try object(known: ["height", "estimatedHeight", "style", "text", "detail", "image", "accessory",
                                   "textStyle", "detailTextStyle", "insets", "table", "grid",
                                   "layout", "template", "data"])
        var row = RowSpec()
        row.height = try o.optional("height")?.heightRule()
        row.estimatedHeight = try o.optional("estimatedHeight")?.nonNegative()
        if let n = o.optional("accessory") { row.accessory = try n.accessory() }
        row.insets = try o.optional("insets")?.insets()
        row.content = try rowContent(o)
        return row
    }

    private func rowContent(_ o: SpecObject) throws -> RowContent {
        let cellKeys = ["style", "text", "detail", "image", "textStyle", "detailTextStyle"].filter { o.optional($0) != nil }
        let nestedKeys = ["table", "grid", "layout", "template"].filter { o.optional($0) != nil }
        if nestedKeys.count >= 2 { throw fail("a row holds one of a table, a grid, a layout or a template, not \(nestedKeys.joined(separator: " and "))") }
        if let key = nestedKeys.first, key == "layout" || key == "template" {
            if let cellKey = cellKeys.first { throw path.appending(cellKey).error("a row with a \(key) cannot also have cell content") }
            return .layout(key == "layout" ? try o.required("layout").cellLayout() : try templatedLayout(o))
        }
        if let data = o.optional("data") { throw data.fail("data is for a row with a template") }
        if let key = nestedKeys.first {
            if let cellKey = cellKeys.first { throw path.appending(cellKey).error("a row with a nested \(key) cannot also have cell content") }
            let node = try o.required(key)
            return try node.nested {
                key == "table" ? .table(try TableSpec.decode(node, nested: true)) : .grid(try GridSpec.decode(node, nested: true))
            }
        }
        if cellKeys.isEmpty { return .none }
        var cell = CellContent()
        cell.style = try o.optional("style")?.choice(CellStyle.self)
        if let n = o.optional("text") { (cell.text, cell.attributedText) = try n.textContent() }
        if let n = o.optional("detail") { (cell.detail, cell.attributedDetail) = try n.textContent() }
        if let n = o.optional("image") {
            let size = try n.size()
            cell.image = Size(width: size.width, height: size.height)
        }
        cell.textStyle = try o.optional("textStyle")?.textStyleRef()
        cell.detailTextStyle = try o.optional("detailTextStyle")?.textStyleRef()
        return .cell(cell)
    }

    /// An accessory name, or `{"width": w}` for a custom accessory view.
    func accessory() throws -> AccessorySpec {
        if case .object = value {
            let o = try object(known: ["width"])
            return .custom(width: try o.required("width").nonNegative())
        }
        guard case .string(let name) = value else { throw typeError("an accessory name or {\"width\": w}") }
        switch name {
        case "none": return .none
        case "disclosureIndicator": return .disclosureIndicator
        case "detailDisclosureButton": return .detailDisclosureButton
        case "checkmark": return .checkmark
        case "detailButton": return .detailButton
        default: throw fail("\"\(name)\" is not one of \(AccessorySpec.names.joined(separator: ", ")) (or {\"width\": w})")
        }
    }
}
