import CellLayout
import FlowLayout
import LayoutGeometry

/// Phase 5: the engine's geometry as a `ComputeResult` (`items` in place of `rows`).
extension GridComputation {
    /// Content size, viewport answers and — unless only a summary is asked for — every section's
    /// rect, header, footer and items. A summary builds no per-item array.
    func geometry(of engine: inout GridEngine) -> ComputeResult {
        // First: the visible items (measured, so that the sections below show them exact).
        let offset = spec.viewport.offset
        let visible = engine.indexPathsForVisibleItems(atOffset: offset, length: viewportLength)
        var sections: [SectionGeometry] = []
        if options.detail == .full {
            let drawn: Set<IndexPath> = options.drawsCells ? Set(visible) : []
            var drawnCount = 0
            sections.reserveCapacity(engine.numberOfSections)
            for s in 0..<engine.numberOfSections {
                let count = engine.numberOfItems(inSection: s)
                var items: [ElementGeometry] = []
                items.reserveCapacity(count)
                for i in 0..<count {
                    let p = IndexPath(item: i, section: s)
                    let rect = engine.frameForItem(at: p) ?? .zero
                    let frames = engine.isEstimated(p) ? nil : cellFrames(engine, at: p, rect: rect)
                    var picture: CellPicture?
                    if options.drawsCells && (drawnCount < options.drawnRowLimit || drawn.contains(p)) {
                        picture = itemPicture(engine, at: p, rect: rect, frames: frames)
                        drawnCount += 1
                    }
                    var item = ElementGeometry(rect: rect, estimated: engine.isEstimated(p), frames: frames, picture: picture)
                    if let frames, frames.contains(where: { $0.custom != nil }), case .flow(let flow) = engine,
                       let content = flow.payload(at: p) {
                        let sizer = SpecSizer(environment: environment)
                        item.framesNested = (try? sizer.framesNested(
                            content.nested, frames: frames, owner: content, path: content.path + ".layout", drawing: picture != nil)) ?? [:]
                        sizer.warnOfZeroWidthNested(frames, path: content.path + ".layout")
                    }
                    items.append(item)
                }
                sections.append(SectionGeometry(rect: engine.frameForSection(s) ?? .zero,
                                                header: engine.frameForHeader(inSection: s).flatMap(Self.nonEmpty),
                                                footer: engine.frameForFooter(inSection: s).flatMap(Self.nonEmpty),
                                                elements: items))
            }
        }
        return ComputeResult(
            kind: .grid, contentSize: engine.contentSize, sections: sections, visible: visible,
            pinnedHeaders: pinned(engine, offset: offset), pinnedFooters: engine.pinnedFooters(atOffset: offset),
            counts: Counts(sections: engine.numberOfSections, elements: engine.numberOfItems))
    }

    /// The frames of a composed item, in the item's coordinates (laid out at the item's size);
    /// nil for other items and in a waterfall (whose items keep no content).
    func cellFrames(_ engine: GridEngine, at p: IndexPath, rect: Rect) -> [CellFrame]? {
        guard case .flow(let flow) = engine, let content = flow.payload(at: p), let root = content.layout,
              let textEngine = try? environment.engine() else { return nil }
        return try? content.cellLayout(textEngine, environment: environment).arrange(root, width: rect.width).frames
    }

    /// A grid item as a phone would draw it (`ComputeOptions.drawsCells`): its text inside its
    /// insets, a composed item's texts and boxes at their frames, an item with only a size as an
    /// image placeholder (a photo grid's cell). Item coordinates.
    func itemPicture(_ engine: GridEngine, at p: IndexPath, rect: Rect, frames: [CellFrame]?) -> CellPicture {
        guard !engine.isEstimated(p) else { return CellPicture(heightSource: "estimated") }
        guard case .flow(let flow) = engine, let content = flow.payload(at: p) else {
            return CellPicture(heightSource: "fixed", images: [Rect(x: 0, y: 0, width: rect.width, height: rect.height)])
        }
        var picture = CellPicture(heightSource: content.size != nil ? "fixed" : "measured")
        if let root = content.layout, let frames {
            try? environment.drawLeaves(root, frames: frames, into: &picture, path: content.path)
        } else if let text = content.text {
            if var drawn = try? environment.drawText(text.string, text.attributed, text.style,
                                                     width: rect.width - text.insets.horizontal, path: content.path) {
                drawn.frame.origin = Point(x: drawn.frame.origin.x + text.insets.left, y: text.insets.top)
                picture.texts.append(drawn)
            }
        } else {
            picture.images.append(Rect(x: 0, y: 0, width: rect.width, height: rect.height))
        }
        return picture
    }

    /// A header or footer with no extent is reported as null (contract, Details).
    static func nonEmpty(_ rect: Rect) -> Rect? { rect.width > 0 && rect.height > 0 ? rect : nil }
}
