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

    /// Reflects every rect across a content `width` (x ↦ width − x − w): a flipped grid's
    /// coordinates. What is in an element's own coordinates (its frames, picture, nested layouts)
    /// does not change; pinned headers are reflected where they are made.
    mutating func mirrorHorizontally(width: Double) {
        func flip(_ r: Rect) -> Rect { Rect(x: width - r.maxX, y: r.minY, width: r.width, height: r.height) }
        for s in sections.indices {
            sections[s].rect = flip(sections[s].rect)
            sections[s].header = sections[s].header.map(flip)
            sections[s].footer = sections[s].footer.map(flip)
            for e in sections[s].elements.indices { sections[s].elements[e].rect = flip(sections[s].elements[e].rect) }
        }
        for p in pinnedFooters.indices { pinnedFooters[p].frame = flip(pinnedFooters[p].frame) }
    }
}
