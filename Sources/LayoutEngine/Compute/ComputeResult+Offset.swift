import LayoutGeometry

extension ComputeResult {
    /// Moves every rect by `delta` (a nested result placed in its row's coordinates). Nested
    /// results inside it are in their own rows' coordinates already and are left alone.
    mutating func offset(by delta: Point) {
        guard delta != .zero else { return }
        mapRects(headers: true) { r in Rect(x: r.minX + delta.x, y: r.minY + delta.y, width: r.width, height: r.height) }
    }

    /// Reflects every rect across a content `width` (x ↦ width − x − w): a flipped grid's
    /// coordinates. What is in an element's own coordinates (its frames, picture, nested layouts)
    /// does not change; pinned headers are reflected where they are made.
    mutating func mirrorHorizontally(width: Double) {
        mapRects(headers: false) { r in Rect(x: width - r.maxX, y: r.minY, width: r.width, height: r.height) }
    }

    /// `transform` applied to the table's header and footer views, every section's rect, header,
    /// footer and elements, the pinned footers, and (with `headers`) the pinned headers.
    private mutating func mapRects(headers: Bool, _ transform: (Rect) -> Rect) {
        tableHeader = tableHeader.map(transform)
        tableFooter = tableFooter.map(transform)
        for s in sections.indices {
            sections[s].rect = transform(sections[s].rect)
            sections[s].header = sections[s].header.map(transform)
            sections[s].footer = sections[s].footer.map(transform)
            for e in sections[s].elements.indices { sections[s].elements[e].rect = transform(sections[s].elements[e].rect) }
        }
        if headers { for p in pinnedHeaders.indices { pinnedHeaders[p].frame = transform(pinnedHeaders[p].frame) } }
        for p in pinnedFooters.indices { pinnedFooters[p].frame = transform(pinnedFooters[p].frame) }
    }
}
