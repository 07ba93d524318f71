import CellLayout
import LayoutGeometry
import TableLayout

/// Phase 5: the engine's geometry as a `ComputeResult`.
extension TableComputation {
    /// Content size, table header/footer, viewport answers, and — unless only a summary is asked
    /// for — every section's header, footer and rows (with nested results). A summary builds no
    /// per-row array at all, so it stays O(viewport) for a million rows.
    func geometry(of table: EngineTable) throws(ComputeError) -> ComputeResult {
        let viewport = spec.viewport
        var sections: [SectionGeometry] = []
        if options.detail == .full {
            let nests = mayNest
            let drawn: Set<IndexPath> = options.drawsCells
                ? Set(table.indexPathsForVisibleRows(atOffset: viewport.offset, viewportHeight: viewport.height)) : []
            var drawnCount = 0
            sections.reserveCapacity(table.numberOfSections)
            for s in 0..<table.numberOfSections {
                let rowCount = table.numberOfRows(inSection: s)
                var rows: [ElementGeometry] = []
                rows.reserveCapacity(rowCount)
                for r in 0..<rowCount {
                    let p = IndexPath(row: r, section: s)
                    let exact = table.isExact(at: p) != false
                    // A row still at its estimate shows no nested layout: it would not match the row's height.
                    let rect = table.rectForRow(at: p)
                    var picture: CellPicture?
                    if options.drawsCells && (drawnCount < options.drawnRowLimit || drawn.contains(p)) {
                        picture = try cellPicture(table, at: p, rect: rect)
                        drawnCount += 1
                    }
                    // (A drawn row's nested tables and grids are drawn too: their cells in the picture.)
                    var row = ElementGeometry(rect: rect, estimated: !exact,
                                              nested: nests && exact ? try nestedResult(table, at: p, drawing: picture != nil) : nil,
                                              frames: nests ? try cellFrames(table, at: p) : nil, picture: picture)
                    if nests, let frames = row.frames, frames.contains(where: { $0.custom != nil }) {
                        row.framesNested = try framesNested(table, at: p, frames: frames, drawing: picture != nil)
                    }
                    rows.append(row)
                }
                var section = SectionGeometry(rect: table.rect(forSection: s), header: Self.nonEmpty(table.rectForHeader(inSection: s)),
                                              footer: Self.nonEmpty(table.rectForFooter(inSection: s)), elements: rows)
                if options.drawsCells && drawnCount <= options.drawnRowLimit {
                    section.headerPicture = try titlePicture(table, section: s, footer: false)
                    section.footerPicture = try titlePicture(table, section: s, footer: true)
                }
                if hasComposedSupplementaries {
                    section.headerLayout = try composedFrames(table.supplementaryContent(inSection: s, footer: false), width: headerWidth(table),
                                                              shift: headerShift(table))
                    section.footerLayout = try composedFrames(table.supplementaryContent(inSection: s, footer: true), width: headerWidth(table),
                                                              shift: headerShift(table))
                }
                sections.append(section)
            }
        }
        var result = ComputeResult(
            kind: .table, contentSize: table.contentSize, tableHeader: table.tableHeaderRect, tableFooter: table.tableFooterRect,
            sections: sections, visible: table.indexPathsForVisibleRows(atOffset: viewport.offset, viewportHeight: viewport.height),
            pinnedHeaders: Self.pinned(table, offset: viewport.offset, height: viewport.height),
            counts: Counts(sections: table.numberOfSections, elements: table.numberOfRows))
        if options.detail == .full {
            for isHeader in [true, false] {
                guard case .given(let s) = isHeader ? spec.tableHeader : spec.tableFooter, let layout = s.layout,
                      (isHeader ? table.tableHeaderRect : table.tableFooterRect) != nil else { continue }
                let content = try composedTableView(layout, path: path + (isHeader ? "tableHeader" : "tableFooter"))
                let frames = try composedFrames(.row(content), width: width)
                if isHeader { result.tableHeaderLayout = frames } else { result.tableFooterLayout = frames }
            }
        }
        if options.drawsCells {
            if table.tableHeaderRect != nil { result.tableHeaderPicture = try tableViewPicture(isHeader: true, layout: result.tableHeaderLayout) }
            if table.tableFooterRect != nil { result.tableFooterPicture = try tableViewPicture(isHeader: false, layout: result.tableFooterLayout) }
        }
        return result
    }

    /// The table header or footer view as a phone would draw it: a composed one's texts and boxes at
    /// its frames, or its title at the layout margins below its top padding (as it is measured);
    /// nil for a view with neither.
    func tableViewPicture(isHeader: Bool, layout: ComposedFrames?) throws(ComputeError) -> CellPicture? {
        guard case .given(let s) = isHeader ? spec.tableHeader : spec.tableFooter else { return nil }
        let fieldPath = path + (isHeader ? "tableHeader" : "tableFooter")
        let heightSource = s.height == nil || s.height == .automatic ? "measured" : "fixed"
        if let composed = s.layout, let layout {
            guard case .layout(let cell) = try composedTableView(composed, path: fieldPath).measure else { return nil }
            var picture = CellPicture(heightSource: heightSource)
            try environment.drawLeaves(cell.resolvedRoot, frames: layout.frames, into: &picture, path: fieldPath)
            return picture
        }
        guard let title = s.title else { return nil }
        let content = try titleContent(title, textStyle: s.textStyle, isHeader: isHeader, path: fieldPath)
        let margin = environment.tableMetrics.layoutMargin(tableWidth: width)
        guard var text = try environment.drawText(title, nil, content.style, width: Swift.max(0, width - 2 * margin), path: fieldPath)
        else { return nil }
        text.frame.origin = Point(x: text.frame.origin.x + margin, y: content.padding.top)
        if rightToLeft { text.frame.origin.x = width - text.frame.maxX }  // (at the right margin)
        return CellPicture(heightSource: heightSource, texts: [text])
    }

    /// Whether the table lays its rows out right to left (the top-level spec's `layoutDirection`):
    /// each row's chrome mirrored within the cell, composed cells right to left.
    var rightToLeft: Bool { environment.cellSettings.direction == .rightToLeft }

    /// The content view's x in the cell (`contentView` from `ContentWidthContext`): right to left,
    /// mirrored within the cell (the accessory and the editing controls on the other side).
    func contentX(_ context: ContentWidthContext, _ contentView: (x: Double, width: Double)) -> Double {
        let dx = contentView.x - context.cellX
        return rightToLeft ? context.cellWidth - dx - contentView.width : dx
    }

    /// The inset on a row's left: its `left`, or right to left its `right` (a row's insets are its
    /// content view's layout margins, leading and trailing, as a text block's and a system cell's
    /// are in the mirrored picture).
    func leading(_ insets: EdgeInsets) -> Double { rightToLeft ? insets.right : insets.left }

    /// Where a section header's or footer's composed frames start: right to left, past the
    /// section index, which is then on the left.
    func headerShift(_ table: EngineTable) -> Double {
        guard rightToLeft, !spec.sectionIndexTitles.isEmpty else { return 0 }
        return environment.tableMetrics.sectionIndexWidth
    }

    /// Whether some section header or footer of the spec (or of its updates) is a composed one.
    var hasComposedSupplementaries: Bool {
        func composed(_ slot: SupplementarySlot) -> Bool {
            if case .given(let s) = slot { return s.layout != nil }
            return false
        }
        func composed(_ section: SectionSpec) -> Bool { composed(section.header) || composed(section.footer) }
        return spec.sections.contains(where: composed) || spec.updates.contains { batch in
            batch.insertSections.contains { composed($0.content) } || batch.reloadSections.contains { composed($0.content) }
        }
    }

    /// The width a section header or footer is laid out at (the engine's: the cell's width less the
    /// section index).
    func headerWidth(_ table: EngineTable) -> Double {
        let context = ContentWidthContext(tableWidth: width, style: table.configuration.style,
                                          showsSectionIndex: !spec.sectionIndexTitles.isEmpty,
                                          isEditing: spec.editing, metrics: environment.tableMetrics)
        return Swift.max(0, context.cellWidth - (spec.sectionIndexTitles.isEmpty ? 0 : environment.tableMetrics.sectionIndexWidth))
    }

    /// A composed header's or footer's frames at `width` (nil for other content), with the tables
    /// and grids inside it.
    func composedFrames(_ payload: RowPayload?, width: Double, shift: Double = 0) throws(ComputeError) -> ComposedFrames? {
        guard case .row(let content)? = payload, case .layout(let cell) = content.measure else { return nil }
        let sizer = SpecSizer(environment: environment)
        var arrangement = try sizer.arrangement(cell, content: content, rowContentWidth: width)
        if shift != 0 { arrangement = arrangement.offset(by: Point(x: shift, y: 0)) }
        let frames = arrangement.frames
        guard frames.contains(where: { $0.custom != nil }) else { return ComposedFrames(frames: frames) }
        return ComposedFrames(frames: frames, nested: try sizer.framesNested(cell.nested, frames: frames, owner: content,
                                                                              path: content.path + ".layout", drawing: options.drawsCells))
    }

    /// Whether any row of the spec (its sections or its updates) holds a table or a grid: when
    /// none does, the result skips looking at every row's content (a million lookups).
    var mayNest: Bool {
        func nests(_ row: RowSpec) -> Bool {
            switch row.content {
            case .table, .grid, .layout: return true
            default: return false
            }
        }
        func nests(_ section: SectionSpec) -> Bool { section.rows.runs.contains { $0.cycle.contains(where: nests) } }
        return spec.sections.contains(where: nests) || spec.updates.contains { batch in
            batch.inserts.contains { nests($0.content) } || batch.reloads.contains { nests($0.content) }
                || batch.insertSections.contains { nests($0.content) } || batch.reloadSections.contains { nests($0.content) }
        }
    }

    /// The layout of the table or grid nested in row `p`, in the row's coordinates; nil for other rows.
    func nestedResult(_ table: EngineTable, at p: IndexPath, drawing: Bool = false) throws(ComputeError) -> ComputeResult? {
        guard case .row(let content)? = table.content(at: p) else { return nil }
        let context = ContentWidthContext(tableWidth: width, style: table.configuration.style,
                                          showsSectionIndex: !spec.sectionIndexTitles.isEmpty,
                                          isEditing: spec.editing, metrics: environment.tableMetrics)
        let contentView = context.contentView(for: content.chrome)
        if case .grid(let nested) = content.measure {
            var result = try SpecSizer(environment: environment).nestedGrid(nested, content: content, rowContentWidth: contentView.width,
                                                                             drawing: drawing)
            // The grid's content starts inside its content inset.
            result.offset(by: Point(x: contentX(context, contentView) + leading(nested.insets) + nested.spec.contentInset.left,
                                    y: nested.insets.top + nested.spec.contentInset.top))
            return result
        }
        guard case .table(let nested) = content.measure else { return nil }
        var result = try SpecSizer(environment: environment).nestedTable(nested, content: content, rowContentWidth: contentView.width,
                                                                          drawing: drawing)
        // In the row's coordinates: shifted by the content view's x and the row's insets.
        result.offset(by: Point(x: contentX(context, contentView) + leading(nested.insets), y: nested.insets.top))
        return result
    }

    /// The frames of the composed cell in row `p`, in the row's coordinates; nil for other rows
    /// (and for a row still at its estimated height: it was never laid out).
    func cellFrames(_ table: EngineTable, at p: IndexPath) throws(ComputeError) -> [CellFrame]? {
        guard case .row(let content)? = table.content(at: p), case .layout(let cell) = content.measure,
              table.isExact(at: p) != false else { return nil }
        let context = ContentWidthContext(tableWidth: width, style: table.configuration.style,
                                          showsSectionIndex: !spec.sectionIndexTitles.isEmpty,
                                          isEditing: spec.editing, metrics: environment.tableMetrics)
        let contentView = context.contentView(for: content.chrome)
        let arrangement = try SpecSizer(environment: environment).arrangement(cell, content: content, rowContentWidth: contentView.width)
        return arrangement.offset(by: Point(x: contentX(context, contentView) + leading(cell.insets), y: cell.insets.top)).frames
    }

    /// The tables and grids inside the composed cell of row `p`, whose `frames` (in the row's
    /// coordinates) give their content boxes: each laid out at its box's width and placed there.
    func framesNested(_ table: EngineTable, at p: IndexPath, frames: [CellFrame], drawing: Bool = false) throws(ComputeError) -> [Int: ComputeResult] {
        guard case .row(let content)? = table.content(at: p), case .layout(let cell) = content.measure else { return [:] }
        return try SpecSizer(environment: environment).framesNested(cell.nested, frames: frames, owner: content,
                                                                    path: content.path + ".layout", drawing: drawing)
    }

    /// How far the estimated content height was from the exact one: every row is measured on a copy.
    func estimation(of table: EngineTable) throws(ComputeError) -> EstimationReport {
        var exact = table
        do throws(EngineError) { try exact.measureAll() } catch { throw Self.mapped(error, path: path + "sections") }
        let current = table.contentSize.height
        return EstimationReport(estimatedContentLength: current - table.estimationReport.error,
                                exactContentLength: exact.contentSize.height,
                                measuredCount: table.estimationReport.measuredCount,
                                estimatedCount: table.estimatedElementCount)
    }

    static func nonEmpty(_ rect: Rect) -> Rect? { rect.height > 0 ? rect : nil }
}
