import CRUDKitCLI
import Foundation

let status = await CRUDKitTool.run(Array(CommandLine.arguments.dropFirst()), console: StandardConsole())
exit(status)
