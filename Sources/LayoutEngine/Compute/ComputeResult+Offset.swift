import LayoutGeometry

extension ComputeResult {
    /// Moves every rect by `delta` (a nested result placed in its row's coordinates). Nested
    /// results inside it are in their own rows' coordinates already and are left alone.
    mutating func offset(by delta: Point) {
        guard delta != .zero else { return }
        func move(_ r: Rect) -> Rect { Rect(x: r.minX + delta.x, y: r.minY + delta.y, width: r.width, height: r.height) }
        tableHeader = tableHeader.map(move)
        tableFooter = tableFooter.map(move)
        for s in sections.indices {
            sections[s].rect = move(sections[s].rect)
            sections[s].header = sections[s].header.map(move)
            sections[s].footer = sections[s].footer.map(move)
            for e in sections[s].elements.indices { sections[s].elements[e].rect = move(sections[s].elements[e].rect) }
        }
        for p in pinnedHeaders.indices { pinnedHeaders[p].frame = move(pinnedHeaders[p].frame) }
        for p in pinnedFooters.indices { pinnedFooters[p].frame = move(pinnedFooters[p].frame) }
    }
}
