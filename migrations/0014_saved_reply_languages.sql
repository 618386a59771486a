ALTER TABLE `saved_replies` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- The replies the desk starts with (0009 and 0011), in Spanish, after the admin's list as it stands;
-- the US-only text line has no Spanish version. The placeholder is written out in Spanish for them.
INSERT INTO `saved_replies` (`title`, `text`, `language`, `position`) SELECT 'Bienvenida', 'Hola, gracias por escribirnos. Estoy aquí para escucharte y me alegra que hayas escrito. No hay prisa: cuéntame tanto o tan poco como quieras. ¿Qué te preocupa hoy?', 'es', COALESCE(MAX(`position`), 0) + 1 FROM `saved_replies`;
--> statement-breakpoint
INSERT INTO `saved_replies` (`title`, `text`, `language`, `position`) SELECT 'Preguntar por su seguridad', 'Quiero preguntarte algo con cuidado, porque me importa cómo estás. ¿Estás pensando en hacerte daño o en quitarte la vida? Aquí puedes responder con sinceridad. Te voy a escuchar y no te voy a juzgar.', 'es', COALESCE(MAX(`position`), 0) + 1 FROM `saved_replies`;
--> statement-breakpoint
INSERT INTO `saved_replies` (`title`, `text`, `language`, `position`) SELECT 'Su línea de crisis', 'Puedes hablar en cualquier momento con alguien preparado para ayudarte: {crisis line}. Si estás en peligro ahora mismo, llama a tu número local de emergencias.', 'es', COALESCE(MAX(`position`), 0) + 1 FROM `saved_replies`;
--> statement-breakpoint
INSERT INTO `saved_replies` (`title`, `text`, `language`, `position`) SELECT 'Despedida', 'Gracias por hablar conmigo hoy. Hizo falta valor para pedir ayuda, y me alegra que lo hicieras. Puedes volver a escribir aquí cuando lo necesites. Si en algún momento no te sientes a salvo, comunícate con {crisis line} o llama a tu número local de emergencias. Cuídate mucho.', 'es', COALESCE(MAX(`position`), 0) + 1 FROM `saved_replies`;
