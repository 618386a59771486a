import "react";

/** React passes the lower-case attributes through; its types do not list them yet. */
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
