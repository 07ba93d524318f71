import LayoutGeometry
import TableLayout

/// Spec rows as engine rows: height source and resolved payload.
extension TableComputation {
    /// The engine row for a spec row. A fixed `height` is fixed; `"automatic"` self-sizes; without
    /// a height, a row takes the table's `rowHeight` — except a row holding a nested table, which
    /// sizes to the nested table or grid (a decision: a nested table cut to 44 pt is never what is meant).
    func engineRow(_ row: RowSpec, path rowPath: RowPath, memo: LayoutPayloadMemo? = nil) throws(ComputeError) -> EngineRow {
        let payload = try self.payload(row, path: rowPath, memo: memo ?? layoutPayloads)
        if row.estimatedHeight != nil { sawEstimatedHeight.raise() }
        var height = RowHeight(row.height)
        if row.height == nil, case .table = row.content { height = .automatic }
        if row.height == nil, case .grid = row.content { height = .automatic }
        if row.height == nil, case .layout = row.content { height = .automatic }
        return EngineRow(height: height, content: payload)
    }

    /// The payload of a spec row: one shared object per spec entry, or `.none` when there is
    /// nothing to measure and no chrome. `memo` finds the rows sharing a decoded layout.
    func payload(_ row: RowSpec, path rowPath: RowPath, memo layoutPayloads: LayoutPayloadMemo) throws(ComputeError) -> RowPayload {
        let chrome = CellChrome(accessory: Self.accessory(row.accessory))
        let measure: RowContent.Measure
        switch row.content {
        case .none:
            if row.accessory == .none { return .none }
            measure = .nothing
        case .cell(let cell):
            measure = try cellMeasure(cell, insets: row.insets, path: rowPath.text)
        case .table(let nested):
            measure = .table(RowContent.NestedTable(spec: nested, scope: scope, scale: spec.scale ?? 2,
                                                    insets: row.insets ?? EdgeInsets(), rowHeight: spec.rowHeight))
        case .grid(let nested):
            measure = .grid(RowContent.NestedGrid(spec: nested, scope: scope, scale: spec.scale ?? 2,
                                                  insets: row.insets ?? EdgeInsets()))
        case .layout(let layout):
            let key = LayoutPayloadMemo.Key(layout: ObjectIdentifier(layout.identity), accessory: row.accessory, insets: row.insets)
            if let known = layoutPayloads.payload(for: key) {
                if case .row(let content) = known { content.markShared() }
                return known
            }
            let styles: [TextStyle]
            if let shared = layout.styleIdentity.map(ObjectIdentifier.init), let known = layoutPayloads.styles(for: shared) {
                // Resolved (and its fonts checked) for an earlier row of the same template.
                styles = known
                if layout.hasAttributedText { try checkFonts(in: layout, styles: styles, path: rowPath.text + ".layout") }
            } else {
                styles = environment.preparedCells.canonical(layout.resolvedTextStyles(scope: scope, scale: scale))
                try checkFonts(in: layout, styles: styles, path: rowPath.text + ".layout")
                if let shared = layout.styleIdentity { layoutPayloads.store(styles, for: ObjectIdentifier(shared)) }
            }
            let nested = RowContent.NestedInLayout.resolving(layout, scope: scope, scale: spec.scale ?? 2, rowHeight: spec.rowHeight)
            if nested.isEmpty, let kept = environment.preparedCells.content(layout.identity.cacheKey, styles: styles, settings: environment.cellSettings,
                                                                           path: rowPath, chrome: chrome, insets: row.insets ?? EdgeInsets()) {
                // This row as an earlier call resolved it, its cell prepared inside (a new width).
                let payload = RowPayload.row(kept)
                layoutPayloads.store(payload, for: key)
                return payload
            }
            let payload = RowPayload.row(RowContent.Resolved(
                path: rowPath, measure: .layout(RowContent.NestedCell(layout: layout.identity, textStyles: styles,
                                                                      insets: row.insets ?? EdgeInsets(), nested: nested)),
                chrome: chrome))
            layoutPayloads.store(payload, for: key)
            return payload
        }
        return .row(RowContent.Resolved(path: rowPath, measure: measure, chrome: chrome))
    }

    /// A system cell style's labels, or a custom text block, with fonts checked.
    func cellMeasure(_ cell: CellContent, insets: EdgeInsets?, path rowPath: String) throws(ComputeError) -> RowContent.Measure {
        guard let style = cell.style else {
            let textStyle = scope.resolve(cell.textStyle, fallback: CellLabelDefaults.textBlockStyle, scale: scale)
            if cell.text != nil { try checkFont(textStyle.font, path: rowPath + ".textStyle") }
            try checkRunFonts(cell.attributedText, path: rowPath + ".text")
            return .textBlock(RowContent.TextBlock(text: cell.text, attributedText: cell.attributedText, style: textStyle, insets: insets,
                                                   image: cell.image))
        }
        let textStyle = scope.resolve(cell.textStyle, fallback: CellLabelDefaults.textStyle(for: style), scale: scale)
        let detailStyle = scope.resolve(cell.detailTextStyle, fallback: CellLabelDefaults.detailStyle(for: style), scale: scale)
        if cell.text != nil { try checkFont(textStyle.font, path: rowPath + ".textStyle") }
        if cell.detail != nil { try checkFont(detailStyle.font, path: rowPath + ".detailTextStyle") }
        try checkRunFonts(cell.attributedText, path: rowPath + ".text")
        try checkRunFonts(cell.attributedDetail, path: rowPath + ".detail")
        return .cell(RowContent.CellLabels(style: style,
                                           text: cell.text, attributedText: cell.attributedText, textStyle: textStyle,
                                           detail: cell.detail, attributedDetail: cell.attributedDetail,
                                           detailStyle: detailStyle, image: cell.image))
    }

    /// Every font the runs of an attributed text name can be loaded; a name no directory and not
    /// fontconfig has is a warning (the run is measured in the text style's font, as the engine
    /// does), a font file that cannot be used an error.
    func checkRunFonts(_ text: AttributedText?, path: String) throws(ComputeError) {
        try environment.checkRunFonts(text, path: path)
    }

    /// Every font a composed cell's texts name can be loaded.
    func checkFonts(in layout: CellLayoutSpec, styles: [TextStyle], path: String) throws(ComputeError) {
        var fonts: Set<String> = []
        var runs: [AttributedText] = []
        if styles.isEmpty || layout.hasAttributedText {
            layout.root.forEachText { text in
                if styles.isEmpty { fonts.insert(text.style.font) }
                if let a = text.attributed { runs.append(a) }
            }
        }
        for style in styles { fonts.insert(style.font) }
        for font in fonts.sorted() { try checkFont(font, path: path) }
        for text in runs { try environment.checkRunFonts(text) { "\(path) (run \($0) of a text)" } }
    }

    static func accessory(_ a: AccessorySpec) -> Accessory {
        switch a {
        case .none: return .none
        case .disclosureIndicator: return .disclosureIndicator
        case .detailDisclosureButton: return .detailDisclosureButton
        case .checkmark: return .checkmark
        case .detailButton: return .detailButton
        case .custom(let w): return .custom(width: w)
        }
    }
}
