import "react";

/**
 * Invoker commands (`commandfor` / `command` on buttons) open and close a <dialog> with no script,
 * so block and report confirmations work before the page's JavaScript arrives. React passes the
 * lower-case attributes through; its types do not list them yet.
 */
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
