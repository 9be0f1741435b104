/** Domain errors thrown by services; one handler maps them to HTTP and the `Message` field. */
export class AppError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
    this.name = new.target.name;
  }
}
export class Invalid extends AppError { constructor(message: string) { super(400, message); } }
export class Unauthorized extends AppError { constructor(message = 'Authorization has been denied for this request.') { super(401, message); } }
export class Forbidden extends AppError { constructor(message = 'You do not have permission for this action.') { super(403, message); } }
export class NotFound extends AppError { constructor(message: string) { super(404, message); } }
export class Conflict extends AppError { constructor(message: string) { super(409, message); } }
export class TooManyRequests extends AppError { constructor(message: string) { super(429, message); } }
