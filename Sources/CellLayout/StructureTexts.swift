import TextLayout

/// A tree's visible texts in the order flattening meets them (`FlexTree.Builder.flatten`), each
/// with its place in the tree's text order — hidden texts counted — which picks its style from
/// a list of resolved styles (`FlexTree.style(_:)`).
///
/// What a solver needs of a tree whose structure it knows (`CellStructure`: the rest comes from
/// the skeleton of an earlier tree). A maker that builds many trees (a template's rows, decoded
/// long before they are laid out) reads them while each tree is fresh in the cache and hands
/// them to `CellLayout.prepare(rootAt:…texts:)`, which then never reads the tree: read at layout
/// time, a cold feed's trees missed the cache block after block (a stack's children, the next
/// stack's children, a text) — 8 % of the feed's time for 1.4 % of its instructions.
package struct StructureTexts: Sendable {
    /// The texts, with the styles they were made with.
    package private(set) var texts: [CellText] = []
    /// Each text's place in the tree's text order (hidden texts counted).
    package private(set) var ordinals: [Int32] = []

    /// The texts of the tree at `root`; nil when the root is hidden (the tree flattens to nothing).
    package init?(root: UnsafePointer<CellElement>) {
        guard !root.pointee.isHidden else { return nil }
        // (Room for a cell's few texts at once: grown one by one, each array was made three times.)
        texts.reserveCapacity(8)
        ordinals.reserveCapacity(8)
        var ordinal = 0
        collect(root, &ordinal)
    }

    /// How many visible texts.
    package var count: Int { texts.count }

    /// The visible texts under `e` (itself visible), in flattening's order.
    private mutating func collect(_ e: UnsafePointer<CellElement>, _ ordinal: inout Int) {
        switch e.pointee.kind {
        case .stack(let s):
            s.children.withUnsafeBufferPointer { children in
                for i in children.indices {
                    guard !children[i].isHidden else {
                        ordinal += children[i].textCount
                        continue
                    }
                    collect(children.baseAddress.unsafelyUnwrapped + i, &ordinal)
                }
            }
        case .text(let t):
            texts.append(t)
            ordinals.append(Int32(truncatingIfNeeded: ordinal))
            ordinal += 1
        case .overlay(let base, let layer), .background(let base, let layer):
            // (As flattening: the layer only over a visible base.)
            let count = base.isHidden ? 0 : (layer.isHidden ? 1 : 2)
            if count > 0 { withUnsafePointer(to: base) { collect($0, &ordinal) } } else { ordinal += base.textCount }
            if count > 1 { withUnsafePointer(to: layer) { collect($0, &ordinal) } } else { ordinal += layer.textCount }
        case .box, .spacer, .custom:
            break
        }
    }
}
