import FlowLayout
import LayoutGeometry

/// Phase 1: the flow layout's configuration and sections from the spec.
extension GridComputation {
    func build(warnings: inout [String]) throws(ComputeError) -> Flow {
        let configuration = try self.configuration()
        var sections: [FlowSection<GridItemContent>] = []
        sections.reserveCapacity(min(spec.sectionCount, 1 << 20))
        for (k, section) in spec.sections.enumerated() {
            let sectionPath = spec.itemsAtTopLevel ? String(path.dropLast()) : path + "sections[\(k)]"
            let flowSection = try self.section(section, path: sectionPath, warnings: &warnings)
            for _ in 0..<section.repeatCount { sections.append(flowSection) }
        }
        var flow: Flow
        do throws(FlowLayoutError) {
            flow = try Flow(configuration: configuration, sections: sections,
                            sizer: GridItemSizer(environment: environment, scale: scale))
        } catch {
            throw mapped(error)
        }
        if !estimates { flow.measureAll() }
        return flow
    }

    /// A flow-layout error (bad combination of values) with the spec's path.
    func mapped(_ error: FlowLayoutError) -> ComputeError {
        // The flow layout names a section's inset `sections[s].inset`; the spec writes `sectionInset`
        // on the section that overrides it, or on the grid.
        var field = error.path
        if field.hasSuffix(".inset") {
            let expanded = Int(field.dropFirst("sections[".count).prefix { $0.isNumber }) ?? 0
            let own = specSectionIndex(expanded).flatMap { spec.sections[$0].sectionInset != nil ? $0 : nil }
            field = own.map { "sections[\($0)].sectionInset" } ?? "sectionInset"
        }
        return .invalidLayout(path: path + field, message: error.message)
    }

    /// The index in `spec.sections` of expanded section `s` (repeats counted).
    func specSectionIndex(_ s: Int) -> Int? {
        var first = 0
        for (k, section) in spec.sections.enumerated() {
            if s < first + section.repeatCount { return k }
            first += section.repeatCount
        }
        return nil
    }

    /// The flow layout's settings: the spec's, with the contract's defaults; `columns` computes
    /// the item size from the column count and `aspectRatio` (width / height).
    func configuration() throws(ComputeError) -> FlowConfiguration {
        let container = horizontal ? Size(width: width, height: crossExtent) : Size(width: width, height: spec.viewport.height)
        var c = FlowConfiguration(containerSize: container, scrollDirection: main)
        c.contentInset = spec.contentInset
        c.itemSize = spec.itemSize
        switch spec.estimatedItemSize {
        case .size(let s)?: c.estimatedItemSize = s
        case .automatic?: c.estimatedItemSize = spec.itemSize
        case nil: c.estimatedItemSize = nil
        }
        c.minimumLineSpacing = spec.minimumLineSpacing
        c.minimumInteritemSpacing = spec.minimumInteritemSpacing
        c.sectionInset = spec.sectionInset
        c.headerReferenceSize = spec.headerReferenceSize
        c.footerReferenceSize = spec.footerReferenceSize
        c.sectionHeadersPinToVisibleBounds = spec.sectionHeadersPinToVisibleBounds
        c.sectionFootersPinToVisibleBounds = spec.sectionFootersPinToVisibleBounds
        c.alignment = FlowAlignment(rawValue: spec.alignment.rawValue) ?? .justified
        c.scale = scale
        if spec.layout == .columns { try applyColumns(&c) }
        return c
    }

    /// `layout: columns`: N equal fractional columns filling the room on a line, items of
    /// `aspectRatio` (width / height, default 1), packed from the leading edge.
    func applyColumns(_ c: inout FlowConfiguration) throws(ComputeError) {
        let n = spec.columns ?? 1
        let cross = main.cross
        let room = c.containerSize.length(along: cross) - spec.contentInset.leading(along: cross)
            - spec.contentInset.trailing(along: cross) - spec.sectionInset.leading(along: cross)
            - spec.sectionInset.trailing(along: cross)
        let length = (room - Double(n - 1) * spec.minimumInteritemSpacing) / Double(n)
        guard length > 0, length.isFinite else {
            throw .invalidLayout(path: path + "columns", message: "\(n) columns leave no room (column width \(length))")
        }
        let ratio = spec.aspectRatio ?? 1
        let thickness = main == .vertical ? length / ratio : length * ratio
        c.itemSize = Size(along: cross, length: length, across: thickness)
        c.estimatedItemSize = nil
        c.alignment = .left
    }

    /// One spec section (not repeated) as a flow section.
    func section(_ section: GridSectionSpec, path sectionPath: String,
                 warnings: inout [String]) throws(ComputeError) -> FlowSection<GridItemContent> {
        if spec.layout != .flow, let field = Self.override(in: section) {
            throw .unsupported(path: sectionPath + "." + field,
                               message: "per-section values are not supported by the \(spec.layout.rawValue) layout")
        }
        var items: [FlowItem<GridItemContent>] = []
        items.reserveCapacity(section.items.count)
        for (j, run) in section.items.runs.enumerated() {
            let entryPath = (sectionPath.isEmpty ? "items" : sectionPath + ".items") + "[\(j)]"
            let cycle = try run.cycle.enumerated().map { (k, item) throws(ComputeError) in
                try flowItem(item, path: run.cycle.count == 1 ? entryPath : entryPath + ".cycle[\(k)]", warnings: &warnings)
            }
            if cycle.count == 1 {
                items.append(contentsOf: repeatElement(cycle[0], count: run.count))
            } else {
                for i in 0..<run.count { items.append(cycle[i % cycle.count]) }
            }
        }
        return FlowSection(items: items, inset: section.sectionInset, minimumLineSpacing: section.minimumLineSpacing,
                           minimumInteritemSpacing: section.minimumInteritemSpacing,
                           headerSize: section.headerReferenceSize, footerSize: section.footerReferenceSize)
    }

    static func override(in section: GridSectionSpec) -> String? {
        if section.sectionInset != nil { return "sectionInset" }
        if section.minimumLineSpacing != nil { return "minimumLineSpacing" }
        if section.minimumInteritemSpacing != nil { return "minimumInteritemSpacing" }
        if section.headerReferenceSize != nil { return "headerReferenceSize" }
        if section.footerReferenceSize != nil { return "footerReferenceSize" }
        return nil
    }

    /// One spec item as a flow item. Text self-sizes (payload: the resolved text); a given size is
    /// fixed; an item with neither takes `itemSize` (no payload). In a `columns` layout every item
    /// takes the column size; in a `waterfall` the flow layout only keeps the items (sizes are
    /// decided when the waterfall is placed).
    func flowItem(_ item: ItemSpec, path itemPath: String, warnings: inout [String]) throws(ComputeError) -> FlowItem<GridItemContent> {
        switch spec.layout {
        case .columns:
            if item.size != nil || item.text != nil || item.layout != nil {
                warnings.append("\(itemPath): the columns layout gives every item the column size; the item's own size or text is ignored")
            }
            return FlowItem(size: .default)
        case .waterfall:
            let content = try self.content(item, path: itemPath)
            return FlowItem(size: .fixed(Size(width: 1, height: 1)), payload: content)
        case .flow:
            guard let content = try self.content(item, path: itemPath) else { return FlowItem(size: .fixed(spec.itemSize)) }
            if content.text != nil || (content.layout != nil && content.size == nil) {
                let estimate: Size? = content.size ?? (spec.estimatedItemSize == nil ? spec.itemSize : nil)
                return FlowItem(size: .automatic(estimate: estimate), payload: content)
            }
            return FlowItem(size: .fixed(content.size ?? spec.itemSize))
        }
    }

    /// The resolved content of a spec item; nil for an item with neither size nor text.
    func content(_ item: ItemSpec, path itemPath: String) throws(ComputeError) -> GridItemContent? {
        guard item.text != nil || item.size != nil || item.layout != nil else { return nil }
        if let layout = item.layout {
            let root = layout.resolved(scope: scope, scale: scale)
            var fonts: Set<String> = []
            var runs: [AttributedText] = []
            root.forEachText { text in
                fonts.insert(text.style.font)
                if let a = text.attributed { runs.append(a) }
            }
            for text in runs { try environment.checkRunFonts(text) { "\(itemPath).layout (run \($0) of a text)" } }
            for font in fonts.sorted() {
                if let problem = environment.problem(withFont: font) { throw .measurement(path: itemPath + ".layout", message: problem) }
            }
            return GridItemContent(path: itemPath, size: item.size, text: nil, layout: root,
                                   nested: RowContent.NestedInLayout.resolving(layout, scope: scope, scale: spec.scale ?? 2, rowHeight: nil))
        }
        var text: GridItemContent.Text?
        if let string = item.text {
            let style = scope.resolve(item.textStyle, fallback: CellLabelDefaults.textBlockStyle, scale: scale)
            if let problem = environment.problem(withFont: style.font) {
                throw .measurement(path: itemPath + (item.textStyle == nil ? ".text" : ".textStyle"), message: problem)
            }
            try environment.checkRunFonts(item.attributedText, path: itemPath + ".text")
            text = GridItemContent.Text(string: string, attributed: item.attributedText, style: style, insets: item.insets ?? .zero)
        }
        return GridItemContent(path: itemPath, size: item.size, text: text)
    }
}
