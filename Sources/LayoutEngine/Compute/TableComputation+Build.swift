import Foundation
import LayoutGeometry
import TableLayout

/// Phase 1: the engine's configuration and sections from the spec.
extension TableComputation {
    func build(warnings: inout [String]) throws(ComputeError) -> EngineTable {
        let configuration = try self.configuration()
        // Rows resolved on all cores are measured as they are resolved (`premeasure`) when the table
        // will measure every self-sizing row as it is built (no estimated row height), in the
        // context the table measures them in.
        let measuring = configuration.estimatedRowHeight > 0 ? nil : ContentWidthContext(configuration)
        var sections: [EngineSection] = []
        sections.reserveCapacity(min(spec.sectionCount, 1 << 20))
        // (A long section's rows are resolved on all cores, each with a memo of its own: the shared
        // memo is sized only for tables without one — counting reads every run's rows, a cache
        // miss per run in a feed.)
        if !spec.sections.contains(where: { $0.rows.runs.count >= Self.parallelRunThreshold }) {
            var layoutRows = 0
            for section in spec.sections {
                for run in section.rows.runs {
                    for row in run.cycle { if case .layout = row.content { layoutRows += 1 } }
                }
            }
            if layoutRows > 0 { layoutPayloads.reserve(layoutRows) }
        }
        for (s, section) in spec.sections.enumerated() {
            let engineSection = try self.section(section, path: path + "sections[\(s)]", measuring: measuring)
            for _ in 0..<section.repeatCount { sections.append(engineSection) }
        }
        if sawEstimatedHeight.isRaised {
            warnings.append("\(path)sections: a row's estimatedHeight is not modelled yet; rows count as estimatedRowHeight until measured")
        }
        do throws(EngineError) {
            return try EngineTable(configuration: configuration, sections: sections, sizer: SpecSizer(environment: environment))
        } catch {
            throw Self.mapped(error, path: path.isEmpty ? "sections" : path + "sections")
        }
    }

    /// The engine's table-wide settings.
    func configuration() throws(ComputeError) -> TableConfiguration {
        func fixed(_ rule: HeightRule?) -> Double? {
            if case .fixed(let h)? = rule { return h }
            return nil  // "automatic": sections without their own header/footer keep the style default
        }
        return TableConfiguration(
            style: spec.style,
            width: width, scale: scale, rowHeight: spec.rowHeight, estimatedRowHeight: spec.estimatedRowHeight,
            sectionHeaderHeight: fixed(spec.sectionHeaderHeight), sectionFooterHeight: fixed(spec.sectionFooterHeight),
            separatorStyle: spec.separatorStyle,
            sectionIndexTitles: spec.sectionIndexTitles, contentInset: spec.contentInset, isEditing: spec.editing,
            tableHeaderHeight: try tableSupplementaryHeight(spec.tableHeader, isHeader: true),
            tableFooterHeight: try tableSupplementaryHeight(spec.tableFooter, isHeader: false),
            metrics: environment.tableMetrics)
    }

    /// A table header or footer view's height: given, or its title or layout measured at the table's width.
    func tableSupplementaryHeight(_ slot: SupplementarySlot, isHeader: Bool) throws(ComputeError) -> Double {
        guard case .given(let s) = slot else { return 0 }
        if case .fixed(let h)? = s.height { return h }
        let fieldPath = path + (isHeader ? "tableHeader" : "tableFooter")
        if let layout = s.layout {
            let content = try composedTableView(layout, path: fieldPath)
            guard case .layout(let cell) = content.measure else { return 0 }
            return scale.ceil(try SpecSizer(environment: environment).arrangement(cell, content: content, rowContentWidth: width).size.height)
        }
        guard let title = s.title else { return 0 }
        let content = try titleContent(title, textStyle: s.textStyle, isHeader: isHeader, path: fieldPath)
        let margin = environment.tableMetrics.layoutMargin(tableWidth: width)
        do {
            let text = try environment.engine().size(of: title, style: content.style, width: max(0, width - 2 * margin))
            return scale.ceil(text.size.height + content.padding.top + content.padding.bottom)
        } catch {
            throw .measurement(path: fieldPath + ".title", message: String(describing: error))
        }
    }

    /// One spec section (not repeated) as an engine section.
    /// `measuring`: the table's content-width context when its rows may be measured as they are
    /// resolved (`premeasure`: while the table is built), else nil (a batch's sections).
    func section(_ section: SectionSpec, path sectionPath: String, measuring: ContentWidthContext? = nil) throws(ComputeError) -> EngineSection {
        let rowsPath = sectionPath + ".rows["
        let rows: ResolvedRows
        // A long section of a spec computed before (a feed at a new width): its rows as resolved then.
        let count = section.rows.runs.count
        let key = count >= Self.parallelRunThreshold && count <= environment.resolvedSections.rowLimit
            ? ResolvedSectionCache.Key(rows: section.rows.runs, path: sectionPath, scope: scope, scale: spec.scale,
                                       rowHeight: spec.rowHeight, settings: environment.cellSettings) : nil
        if let key, let kept = environment.resolvedSections.entry(for: key) {
            if kept.sawEstimatedHeight { sawEstimatedHeight.raise() }
            rows = kept.rows
        } else {
            let (warnings, sawBefore) = (environment.warningCount, sawEstimatedHeight.isRaised)
            if let parallel = try parallelRuns(section.rows.runs, rowsPath: rowsPath, measuring: measuring) {
                rows = parallel
                // (Kept only when resolving it warned of nothing, and when whether it found an
                // estimated height is known: no earlier section had raised the flag.)
                if let key, environment.warningCount == warnings, !sawBefore {
                    environment.resolvedSections.store(ResolvedSectionCache.Entry(key: key, rows: rows,
                                                                                  sawEstimatedHeight: sawEstimatedHeight.isRaised))
                }
            } else {
                rows = ResolvedRows(try serialRuns(section.rows.runs, rowsPath: rowsPath))
            }
        }
        return rows.section(header: try headerFooter(section.header, isHeader: true, path: sectionPath + ".header"),
                            footer: try headerFooter(section.footer, isHeader: false, path: sectionPath + ".footer"))
    }

    /// The fewest single-row runs a section has before its rows are resolved on all cores.
    static let parallelRunThreshold = 4_096

    /// A long section of single-row runs (a feed: each row its own template data) resolved on
    /// all cores, or nil for any other section. Each core resolves a contiguous share of the rows
    /// with a payload memo of its own, so rows sharing a decoded layout share one payload within
    /// a share (across shares each has its own: measured once more, the same answer, and the
    /// layouter's prepared cell is shared anyway). A failing row fails the section with the
    /// lowest failing row's error, as the serial loop would.
    ///
    /// The shares write each row's payload straight into the section's column (and its count
    /// and height beside it): the rows come back as a column without a pass over them on one core
    /// (each payload copied out of a run, a retain of an object another core made, and the runs
    /// released: about a twentieth of the cold feed's time, the other core idle meanwhile).
    func parallelRuns(_ specRuns: [SpecRun<RowSpec>], rowsPath: String,
                      measuring: ContentWidthContext?) throws(ComputeError) -> ResolvedRows? {
        let n = specRuns.count
        guard n >= Self.parallelRunThreshold, ProcessInfo.processInfo.activeProcessorCount > 1 else { return nil }
        // Where each run starts (its count read in place: iterating the runs copied each, a
        // retain of its rows — another object of each row, far from the last).
        var firsts = [Int](repeating: 0, count: n)
        specRuns.withUnsafeBufferPointer { runs in
            firsts.withUnsafeMutableBufferPointer { out in
                var first = 0
                for i in 0..<n {
                    out[i] = first
                    let (next, overflow) = first.addingReportingOverflow(runs[i].count)
                    first = overflow ? Int.max : next
                }
            }
        }
        let starts = firsts
        var contents = [RowPayload](repeating: .none, count: n)
        var heights = [RowHeight](repeating: .automatic, count: n)
        // (Enough shares that the last one taken leaves little for one core alone: the rows'
        // cells are measured here too, most of the computation — see `premeasure`. A share of a
        // 10,000-post feed was 312 rows, 4 ms of work: one core waited 2 ms on average at the
        // end; 128 shares of 78 rows halve that twice, a share's own setup costing microseconds.)
        let chunks = min(n / 64, 128)
        let cycles = Flag()  // raised by a share that finds a run of several rows: then the section goes serially
        let repeated = Flag()  // raised by a share that finds a run standing for several rows
        let failures = contents.withUnsafeMutableBufferPointer { contentBuffer -> [(Int, ComputeError)] in
            heights.withUnsafeMutableBufferPointer { heightBuffer -> [(Int, ComputeError)] in
                nonisolated(unsafe) let out = contentBuffer, outHeights = heightBuffer
                let computation = self
                let errors = EngineLock<[(Int, ComputeError)]>([])
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    let memo = LayoutPayloadMemo()
                    // (One sizer a share, its cell layout taken once: `ChunkCellLayout`.)
                    var sizer = SpecSizer(environment: computation.environment)
                    if measuring != nil { sizer.chunk = ChunkCellLayout(computation.environment) }
                    specRuns.withUnsafeBufferPointer { runs in
                        for i in n * c / chunks ..< n * (c + 1) / chunks {
                            do throws(ComputeError) {
                                // (Read in place: a copy of the row retains its parts.)
                                guard let row = try runs[i].cycle.withUnsafeBufferPointer({ rows throws(ComputeError) -> EngineRow? in
                                    guard rows.count == 1 else { return nil }
                                    return try computation.engineRow(rows[0], path: RowPath(rowsPath, starts[i], "]"), memo: memo)
                                }) else {
                                    cycles.raise()
                                    return
                                }
                                if runs[i].count != 1 { repeated.raise() }
                                if let measuring { computation.premeasure(row, measuring, sizer: sizer) }
                                outHeights[i] = row.height
                                out[i] = row.content
                            } catch {
                                errors.withLock { $0.append((i, error)) }
                                return
                            }
                        }
                    }
                }
                return errors.withLock { $0 }
            }
        }
        if cycles.isRaised { return nil }
        if let failure = failures.min(by: { $0.0 < $1.0 }) { throw failure.1 }
        return specRuns.withUnsafeBufferPointer { spec in
            ResolvedRows(contents: contents, heights: heights, singleRows: !repeated.isRaised, count: { spec[$0].count })
        }
    }

    /// Measures a self-sizing row's composed cell as soon as its row is resolved, on the core
    /// resolving it, and keeps the height with the row's content (`RowContent.Resolved
    /// .premeasured`), which the table's sizer then takes at the same width in this call. A feed's
    /// rows were decoded long before: resolving a row brings its decoded layout into the cache and
    /// makes its content objects, and measuring it right then finds them there — measured in a
    /// second pass, every row missed the cache again for them (2–3 % of a cold feed's time).
    /// A row that fails here is left to the table, which measures it again and reports the
    /// failure as it always did. (A row that warns here — an overflowing stack — keeps its section
    /// out of `ResolvedSectionCache`, as a warning while resolving does: a later call resolves
    /// it again, and warns again as it measures.)
    func premeasure(_ row: EngineRow, _ context: ContentWidthContext, sizer: SpecSizer) {
        switch row.height {
        case .automatic: break
        case .tableDefault: guard spec.rowHeight == .automatic else { return }
        case .fixed: return
        }
        guard case .row(let content) = row.content, let cell = content.layoutCell, cell.nested.isEmpty else { return }
        let width = context.contentView(for: content.chrome).width
        guard content.premeasured(call: environment.call, width: width) == nil,
              let height = try? sizer.cellRowHeight(cell, content, width: width) else { return }
        content.keepPremeasured(call: environment.call, width: width, height: height)
    }

    /// A section's rows resolved one after another.
    func serialRuns(_ specRuns: [SpecRun<RowSpec>], rowsPath: String) throws(ComputeError) -> [EngineRowRun] {
        var runs: [EngineRowRun] = []
        runs.reserveCapacity(specRuns.count)
        var first = 0
        for run in specRuns {
            if run.cycle.count == 1 {
                // (No array for a run of one entry: most runs of a feed are one row each.)
                // (Read in place: a copy of the row retains its parts.)
                let row = try run.cycle.withUnsafeBufferPointer { rows throws(ComputeError) in
                    try engineRow(rows[0], path: RowPath(rowsPath, first, "]"))
                }
                runs.append(EngineRowRun(count: run.count, row: row))
                first += run.count
                continue
            }
            let rows = try run.cycle.enumerated().map { (k, row) throws(ComputeError) in
                try engineRow(row, path: RowPath(rowsPath, first + k, "]"))
            }
            if rows.count == 1 {
                runs.append(EngineRowRun(count: run.count, row: rows[0]))
            } else {
                runs.reserveCapacity(runs.count + run.count)
                for i in 0..<run.count { runs.append(EngineRowRun(count: 1, row: rows[i % rows.count])) }
            }
            first += run.count
        }
        return runs
    }

    /// A section header or footer as the engine's.
    func headerFooter(_ slot: SupplementarySlot, isHeader: Bool, path fieldPath: String) throws(ComputeError) -> EngineHeaderFooter {
        switch slot {
        case .unspecified: return .styleDefault
        case .removed: return .none
        case .given(let s):
            if let layout = s.layout {
                let content = RowPayload.row(try composedSupplementary(layout, path: fieldPath))
                if case .fixed(let h)? = s.height { return .fixed(h, content: content) }
                return .automatic(content)
            }
            let title = try s.title.map { t throws(ComputeError) in
                try titleContent(t, textStyle: s.textStyle, isHeader: isHeader, path: fieldPath)
            }
            if case .fixed(let h)? = s.height { return .fixed(h, content: title.map { .title($0) }) }
            guard let title else { return .none }
            return .automatic(.title(title))
        }
    }

    /// A composed table header or footer view (`composedSupplementary`), resolved once per call and
    /// kept by the environment: the size and the frames are laid out from the same object.
    func composedTableView(_ layout: CellLayoutSpec, path fieldPath: String) throws(ComputeError) -> RowContent.Resolved {
        if let known = environment.composedViews.withLock({ $0[fieldPath] }) { return known }
        let content = try composedSupplementary(layout, path: fieldPath)
        return environment.composedViews.withLock { views in
            if let known = views[fieldPath] { return known }
            views[fieldPath] = content
            return content
        }
    }

    /// A composed header or footer view: its layout with styles resolved and fonts checked, as a
    /// row's (no accessory, no insets).
    func composedSupplementary(_ layout: CellLayoutSpec, path fieldPath: String) throws(ComputeError) -> RowContent.Resolved {
        let styles = environment.preparedCells.canonical(layout.resolvedTextStyles(scope: scope, scale: scale))
        try checkFonts(in: layout, styles: styles, path: fieldPath + ".layout")
        let nested = RowContent.NestedInLayout.resolving(layout, scope: scope, scale: spec.scale ?? 2, rowHeight: spec.rowHeight)
        return RowContent.Resolved(path: RowPath(whole: fieldPath),
                                   measure: .layout(RowContent.NestedCell(layout: layout.identity, textStyles: styles,
                                                                          insets: EdgeInsets(), nested: nested)),
                                   chrome: CellChrome(accessory: .none))
    }

    /// A title with its text style resolved (the spec's, or the style's default title style).
    func titleContent(_ title: String, textStyle: TextStyleRef?, isHeader: Bool, path fieldPath: String) throws(ComputeError) -> TitleContent {
        let defaults = environment.titleMetrics.title(isHeader: isHeader, plain: spec.style == .plain)
        let style = scope.resolve(textStyle, fallback: defaults.style, scale: scale)
        try checkFont(style.font, path: fieldPath + (textStyle == nil ? ".title" : ".textStyle"))
        return TitleContent(title: title, style: style, padding: defaults.padding)
    }

    /// Fails with the path when `font` cannot be loaded.
    func checkFont(_ font: String, path fieldPath: String) throws(ComputeError) {
        if let problem = environment.problem(withFont: font) {
            throw .measurement(path: fieldPath, message: problem)
        }
    }
}
