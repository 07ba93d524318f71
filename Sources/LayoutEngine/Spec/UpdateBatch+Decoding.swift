import LayoutGeometry

extension SpecNode {
    /// One batch. `noun` is `Rows` or `Items` (so `deleteRows` / `deleteItems`), `element` is
    /// `row` or `item` (the content key of inserts and reloads).
    func updateBatch<Element, Section>(
        noun: String, element: String,
        decodeElement: (SpecNode) throws -> Element, decodeSection: (SpecNode) throws -> Section
    ) throws -> UpdateBatch<Element, Section> {
        let keys = ["delete", "insert", "reload", "move"].map { $0 + noun }
            + ["deleteSections", "insertSections", "reloadSections", "moveSections"]
        let o = try object(known: keys)
        var batch = UpdateBatch<Element, Section>()
        if let n = o.optional("delete" + noun) { batch.deletes = try n.array().map { try $0.indexPath() } }
        if let n = o.optional("insert" + noun) {
            batch.inserts = try n.array().map { try $0.placement(element, index: { try $0.indexPath() }, content: decodeElement) }
        }
        if let n = o.optional("reload" + noun) {
            batch.reloads = try n.array().map { try $0.placement(element, index: { try $0.indexPath() }, content: decodeElement) }
        }
        if let n = o.optional("move" + noun) { batch.moves = try n.array().map { try $0.move { try $0.indexPath() } } }
        if let n = o.optional("deleteSections") { batch.deleteSections = try n.array().map { try $0.sectionIndex() } }
        if let n = o.optional("insertSections") {
            batch.insertSections = try n.array().map { try $0.placement("section", index: { try $0.sectionIndex() }, content: decodeSection) }
        }
        if let n = o.optional("reloadSections") {
            batch.reloadSections = try n.array().map { try $0.placement("section", index: { try $0.sectionIndex() }, content: decodeSection) }
        }
        if let n = o.optional("moveSections") { batch.moveSections = try n.array().map { try $0.move { try $0.sectionIndex() } } }
        return batch
    }

    /// `{"at": index, key: content}`; content defaults to an empty row/item/section when absent.
    private func placement<Index, Content>(
        _ key: String, index: (SpecNode) throws -> Index, content: (SpecNode) throws -> Content
    ) throws -> Placement<Index, Content> {
        let o = try object(known: ["at", key])
        let at = try index(try o.required("at"))
        let contentNode = try o.required(key)
        return Placement(at: at, content: try content(contentNode))
    }

    private func move<Index>(_ index: (SpecNode) throws -> Index) throws -> Move<Index> {
        let o = try object(known: ["from", "to"])
        return Move(from: try index(try o.required("from")), to: try index(try o.required("to")))
    }

    func sectionIndex() throws -> Int { try integer(in: 0...SpecLimits.maximumIndex) }
}
