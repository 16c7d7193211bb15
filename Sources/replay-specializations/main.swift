// The tool of ReplaySpecializationPlugin: writes GridHarness's `replayFrames`, specialised for
// every registry layout in every strategy, from the two files that list them.
//
//     replay-specializations LayoutRegistry.swift StrategyKind.swift OUTPUT.swift
//
// A file that does not read as expected fails the build with its path, line and what was
// expected: an empty list would build, and the replay would measure generic code unnoticed.
import Foundation
import ReplaySpecializations

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: replay-specializations LayoutRegistry.swift StrategyKind.swift OUTPUT.swift\n".utf8))
    exit(64)
}
let (registry, strategyKind, output) = (arguments[0], arguments[1], arguments[2])

func text(of path: String) -> String {
    do {
        return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("\(path): error: cannot read it for the replay's specialisation list: \(error)\n".utf8))
        exit(1)
    }
}

do {
    let layouts = try ReplaySpecializations.layouts(registry: text(of: registry), file: registry)
    let wrappers = try ReplaySpecializations.wrappers(strategyKind: text(of: strategyKind), file: strategyKind)
    let source = ReplaySpecializations.source(layouts: layouts, wrappers: wrappers)
    // The same list is not written again: a build that links this tool anew runs it again
    // (seen in release builds, where the plugin's tool build and the main build share its
    // path), and a new file would recompile GridHarness for nothing.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
        try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }
} catch let error as ReplaySpecializations.ParseError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(output): error: cannot write the replay's specialisation list: \(error)\n".utf8))
    exit(1)
}
